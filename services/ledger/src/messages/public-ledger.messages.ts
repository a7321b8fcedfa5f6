import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  createSwapCommand,
  createTransferCommand,
  getAccountRecordCommand,
  getBalanceHistoryCommand,
  getBalanceSheetCommand,
  getSettlementCommand,
  getStatementCommand,
  LEDGER_COMMANDS,
  LEDGER_EXPORT_ROW_LIMIT,
  listAccountRecordsCommand,
  listPublicRatesCommand,
  parseCommand,
  queryMovementsCommand,
  resolveAliasCommand,
  seedDemoHistoryCommand,
  setAliasCommand,
  updateSettlementCommand,
  type ListAccountRecordsCommand,
} from '@platform/contracts';
import { AccountOverviewService } from '../application/account-overview.service';
import { DemoHistory } from '../application/demo-history';
import { ReportsService } from '../application/reports.service';
import { SwapsService } from '../application/swaps.service';
import { TransfersService } from '../application/transfers.service';
import { RecordsRepository } from '../infrastructure/public/records.repository';

/** A listing's window: one page, or for an export up to the row limit plus one. */
function windowOf(query: ListAccountRecordsCommand): { limit: number; offset: number } {
  return query.export
    ? { limit: LEDGER_EXPORT_ROW_LIMIT + 1, offset: 0 }
    : { limit: query.page_size, offset: (query.page - 1) * query.page_size };
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
    private readonly demo: DemoHistory,
  ) {}

  @MessagePattern(LEDGER_COMMANDS.get_balance_sheet)
  balanceSheet(@Payload() payload: unknown) {
    return this.overview.balanceSheet(parseCommand(getBalanceSheetCommand, payload).account_id);
  }

  @MessagePattern(LEDGER_COMMANDS.get_settlement)
  settlement(@Payload() payload: unknown) {
    return this.overview.settlement(parseCommand(getSettlementCommand, payload).account_id);
  }

  @MessagePattern(LEDGER_COMMANDS.update_settlement)
  updateSettlement(@Payload() payload: unknown) {
    return this.overview.updateSettlement(parseCommand(updateSettlementCommand, payload));
  }

  @MessagePattern(LEDGER_COMMANDS.list_public_rates)
  rates(@Payload() payload: unknown) {
    return this.overview.rateRows(parseCommand(listPublicRatesCommand, payload ?? {}));
  }

  @MessagePattern(LEDGER_COMMANDS.get_balance_history)
  history(@Payload() payload: unknown) {
    return this.reports.history(parseCommand(getBalanceHistoryCommand, payload));
  }

  @MessagePattern(LEDGER_COMMANDS.query_movements)
  movements(@Payload() payload: unknown) {
    return this.reports.movements(parseCommand(queryMovementsCommand, payload));
  }

  @MessagePattern(LEDGER_COMMANDS.get_statement)
  statement(@Payload() payload: unknown) {
    return this.reports.statement(parseCommand(getStatementCommand, payload));
  }

  @MessagePattern(LEDGER_COMMANDS.create_swap)
  createSwap(@Payload() payload: unknown) {
    return this.swaps.create(parseCommand(createSwapCommand, payload));
  }

  @MessagePattern(LEDGER_COMMANDS.get_swap)
  getSwap(@Payload() payload: unknown) {
    const { account_id, record_id } = parseCommand(getAccountRecordCommand, payload);
    return this.swaps.get(account_id, record_id);
  }

  @MessagePattern(LEDGER_COMMANDS.list_swaps)
  async listSwaps(@Payload() payload: unknown) {
    const query = parseCommand(listAccountRecordsCommand, payload);
    const { limit, offset } = windowOf(query);
    return { swaps: await this.records.swaps(query.account_id, limit, offset) };
  }

  @MessagePattern(LEDGER_COMMANDS.create_transfer)
  createTransfer(@Payload() payload: unknown) {
    return this.transfers.create(parseCommand(createTransferCommand, payload));
  }

  @MessagePattern(LEDGER_COMMANDS.get_transfer)
  getTransfer(@Payload() payload: unknown) {
    const { account_id, record_id } = parseCommand(getAccountRecordCommand, payload);
    return this.transfers.get(account_id, record_id);
  }

  @MessagePattern(LEDGER_COMMANDS.list_transfers)
  async listTransfers(@Payload() payload: unknown) {
    const query = parseCommand(listAccountRecordsCommand, payload);
    const { limit, offset } = windowOf(query);
    return { transfers: await this.records.transfers(query.account_id, limit, offset) };
  }

  @MessagePattern(LEDGER_COMMANDS.set_alias)
  setAlias(@Payload() payload: unknown) {
    return this.transfers.setAlias(parseCommand(setAliasCommand, payload));
  }

  @MessagePattern(LEDGER_COMMANDS.resolve_alias)
  resolve(@Payload() payload: unknown) {
    return this.transfers.resolve(parseCommand(resolveAliasCommand, payload));
  }

  @MessagePattern(LEDGER_COMMANDS.seed_demo_history)
  seedDemoHistory(@Payload() payload: unknown) {
    return this.demo.seed(parseCommand(seedDemoHistoryCommand, payload).account_id);
  }
}
