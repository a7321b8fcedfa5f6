import { Controller } from '@nestjs/common';
import {
  LEDGER_COMMANDS,
  LEDGER_EXPORT_ROW_LIMIT,
  type CreateSwapCommand,
  type CreateTransferCommand,
  type GetAccountRecordCommand,
  type GetBalanceHistoryCommand,
  type GetBalanceSheetCommand,
  type GetSettlementCommand,
  type GetStatementCommand,
  type ListAccountRecordsCommand,
  type ListPublicRatesCommand,
  type QueryMovementsCommand,
  type ResolveAliasCommand,
  type SetAliasCommand,
  type UpdateSettlementCommand,
} from '@platform/contracts';
import { Handles } from '@platform/messaging';
import { AccountOverviewService } from '../application/account-overview.service';
import { ReportsService } from '../application/reports.service';
import { SwapsService } from '../application/swaps.service';
import { TransfersService } from '../application/transfers.service';
import { RecordsRepository } from '../infrastructure/public/records.repository';

/** A listing's window: one page, or for an export up to the row limit plus one. */
function windowOf(query: ListAccountRecordsCommand): { limit: number; offset: number } {
  return query.export
    ? { limit: LEDGER_EXPORT_ROW_LIMIT + 1, offset: 0 }
    : { limit: query.limit ?? query.page_size, offset: (query.page - 1) * query.page_size };
}

/** The commands behind the public /v1 ledger routes (balances, swaps, transfers, reports). */
@Controller()
export class PublicLedgerMessages {
  constructor(
    private readonly overview: AccountOverviewService,
    private readonly swaps: SwapsService,
    private readonly transfers: TransfersService,
    private readonly reports: ReportsService,
    private readonly records: RecordsRepository,
  ) {}

  @Handles(LEDGER_COMMANDS.get_balance_sheet)
  balanceSheet(query: GetBalanceSheetCommand) {
    return this.overview.balanceSheet(query.account_id);
  }

  @Handles(LEDGER_COMMANDS.get_settlement)
  settlement(query: GetSettlementCommand) {
    return this.overview.settlement(query.account_id);
  }

  @Handles(LEDGER_COMMANDS.update_settlement)
  updateSettlement(command: UpdateSettlementCommand) {
    return this.overview.updateSettlement(command);
  }

  @Handles(LEDGER_COMMANDS.list_public_rates)
  rates(query: ListPublicRatesCommand) {
    return this.overview.rateRows(query);
  }

  @Handles(LEDGER_COMMANDS.get_balance_history)
  history(query: GetBalanceHistoryCommand) {
    return this.reports.history(query);
  }

  @Handles(LEDGER_COMMANDS.query_movements)
  movements(query: QueryMovementsCommand) {
    return this.reports.movements(query);
  }

  @Handles(LEDGER_COMMANDS.get_statement)
  statement(query: GetStatementCommand) {
    return this.reports.statement(query);
  }

  @Handles(LEDGER_COMMANDS.create_swap)
  createSwap(command: CreateSwapCommand) {
    return this.swaps.create(command);
  }

  @Handles(LEDGER_COMMANDS.get_swap)
  getSwap({ account_id, record_id }: GetAccountRecordCommand) {
    return this.swaps.get(account_id, record_id);
  }

  @Handles(LEDGER_COMMANDS.list_swaps)
  async listSwaps(query: ListAccountRecordsCommand) {
    const { limit, offset } = windowOf(query);
    return { swaps: await this.records.swaps(query.account_id, limit, offset) };
  }

  @Handles(LEDGER_COMMANDS.create_transfer)
  createTransfer(command: CreateTransferCommand) {
    return this.transfers.create(command);
  }

  @Handles(LEDGER_COMMANDS.get_transfer)
  getTransfer({ account_id, record_id }: GetAccountRecordCommand) {
    return this.transfers.get(account_id, record_id);
  }

  @Handles(LEDGER_COMMANDS.list_transfers)
  async listTransfers(query: ListAccountRecordsCommand) {
    const { limit, offset } = windowOf(query);
    return { transfers: await this.records.transfers(query.account_id, limit, offset) };
  }

  @Handles(LEDGER_COMMANDS.set_alias)
  setAlias(command: SetAliasCommand) {
    return this.transfers.setAlias(command);
  }

  @Handles(LEDGER_COMMANDS.resolve_alias)
  resolve(command: ResolveAliasCommand) {
    return this.transfers.resolve(command);
  }
}
