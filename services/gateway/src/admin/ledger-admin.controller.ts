import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { LEDGER_COMMANDS, orgFeeAccountId } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { OperatorGuard } from './operator.guard';

/**
 * The operator's reads of the ledger: an organization's fee (revenue) account, which every fee
 * leg of the organization's accounts is credited to (payout fees when the payout completes).
 */
@ApiExcludeController()
@UseGuards(OperatorGuard)
@Controller('admin/v1/ledger')
export class LedgerAdminController {
  constructor(private readonly bus: BusClient) {}

  /** The fee account's balances (the projection: a just-posted fee may take a moment). */
  @Get('fee-accounts/:org_id')
  feeAccount(@Param('org_id') org_id: string) {
    return this.bus.send(LEDGER_COMMANDS.get_balances, { account_id: orgFeeAccountId(org_id) });
  }

  /** The fee account's movements, newest first: one `fee` credit per fee leg collected. */
  @Get('fee-accounts/:org_id/movements')
  feeMovements(@Param('org_id') org_id: string) {
    return this.bus.send(LEDGER_COMMANDS.list_movements, {
      account_id: orgFeeAccountId(org_id),
    });
  }
}
