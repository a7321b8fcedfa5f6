import { Body, Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
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

  /**
   * Live environment: no rail reports collections by itself (manual connector), so the platform
   * operator confirms each one. Body `{outcome?: "paid" | "failed"}` (default paid): paid
   * credits it (`payin_credited`), failed fails it (`payin_expired`). A payin its rail reports
   * (every sandbox payin) or that the account's own operators confirm (EC/USD) is 422
   * `method_unavailable`; one no longer pending 409 `confirm_request_conflict`.
   */
  @Post(':id/confirm')
  @HttpCode(200)
  confirm(@Param('id') payin_id: string, @Body() body: { outcome?: unknown } | null) {
    return this.bus.send(PAYINS_COMMANDS.operator_confirm, { payin_id, body: body ?? {} });
  }
}
