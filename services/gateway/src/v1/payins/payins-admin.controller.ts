import { Controller, Param, Post, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { PAYINS_COMMANDS } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { OperatorGuard } from '../../admin/operator.guard';

/**
 * Early release of a scheduled card settlement (spec §3), on the operator surface: an
 * organization admin's release goes through the platform operator's CLI until organization
 * admin sessions reach the public API.
 */
@ApiExcludeController()
@UseGuards(OperatorGuard)
@Controller('admin/v1/payins')
export class PayinsAdminController {
  constructor(private readonly bus: BusClient) {}

  @Post(':id/release')
  release(@Param('id') payin_id: string) {
    return this.bus.send(PAYINS_COMMANDS.release_settlement, { payin_id });
  }
}
