import { Controller } from '@nestjs/common';
import {
  HEALTH_COMMANDS,
  LEDGER_COMMANDS,
  type CreditFundsCommand,
  type DebitFundsCommand,
  type EndHoldCommand,
  type GetBalancesCommand,
  type ListMovementsCommand,
  type PlaceHoldCommand,
  type SwapAssetsCommand,
  type TransferFundsCommand,
} from '@platform/contracts';
import { Handles, type BusContext } from '@platform/messaging';
import { LedgerCommands } from '../application/ledger-commands';
import { LedgerQueries } from '../application/ledger-queries';

/** The service's only door: commands it serves and events it consumes. */
@Controller()
export class LedgerMessages {
  constructor(
    private readonly commands: LedgerCommands,
    private readonly queries: LedgerQueries,
  ) {}

  @Handles(HEALTH_COMMANDS.ledger)
  health() {
    return { service: 'ledger', status: 'ok' as const };
  }

  @Handles(LEDGER_COMMANDS.credit_funds)
  credit(command: CreditFundsCommand, context: BusContext) {
    return this.commands.credit(command, context.correlationId());
  }

  @Handles(LEDGER_COMMANDS.debit_funds)
  debit(command: DebitFundsCommand, context: BusContext) {
    return this.commands.debit(command, context.correlationId());
  }

  @Handles(LEDGER_COMMANDS.place_hold)
  placeHold(command: PlaceHoldCommand, context: BusContext) {
    return this.commands.placeHold(command, context.correlationId());
  }

  @Handles(LEDGER_COMMANDS.post_hold)
  postHold(command: EndHoldCommand, context: BusContext) {
    return this.commands.postHold(command, context.correlationId());
  }

  @Handles(LEDGER_COMMANDS.release_hold)
  releaseHold(command: EndHoldCommand, context: BusContext) {
    return this.commands.releaseHold(command, context.correlationId());
  }

  @Handles(LEDGER_COMMANDS.transfer_funds)
  transfer(command: TransferFundsCommand, context: BusContext) {
    return this.commands.transfer(command, context.correlationId());
  }

  @Handles(LEDGER_COMMANDS.get_balances)
  balances(query: GetBalancesCommand) {
    return this.queries.balances(query.account_id);
  }

  @Handles(LEDGER_COMMANDS.swap_assets)
  swap(command: SwapAssetsCommand, context: BusContext) {
    return this.commands.swap(command, context.correlationId());
  }

  @Handles(LEDGER_COMMANDS.get_rates)
  rates() {
    return this.queries.rateTable();
  }

  @Handles(LEDGER_COMMANDS.list_movements)
  movements(query: ListMovementsCommand) {
    return this.queries.movements(query);
  }
}
