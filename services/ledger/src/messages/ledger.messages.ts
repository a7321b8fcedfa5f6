import { Controller } from '@nestjs/common';
import { Ctx, MessagePattern, Payload } from '@nestjs/microservices';
import {
  creditFundsCommand,
  debitFundsCommand,
  endHoldCommand,
  getBalancesCommand,
  getRatesCommand,
  LEDGER_COMMANDS,
  listMovementsCommand,
  parseCommand,
  placeHoldCommand,
  swapAssetsCommand,
  transferFundsCommand,
} from '@platform/contracts';
import type { BusContext } from '@platform/messaging';
import { LedgerCommands } from '../application/ledger-commands';
import { LedgerQueries } from '../application/ledger-queries';

function correlationOf(context: BusContext): string | null {
  return context.getHeaders()['correlation-id'] ?? null;
}

/** The service's only door: commands it serves and events it consumes. */
@Controller()
export class LedgerMessages {
  constructor(
    private readonly commands: LedgerCommands,
    private readonly queries: LedgerQueries,
  ) {}

  @MessagePattern('ledger.get_health')
  health(): { service: string; status: 'ok' } {
    return { service: 'ledger', status: 'ok' };
  }

  @MessagePattern(LEDGER_COMMANDS.credit_funds)
  credit(@Payload() payload: unknown, @Ctx() context: BusContext) {
    return this.commands.credit(parseCommand(creditFundsCommand, payload), correlationOf(context));
  }

  @MessagePattern(LEDGER_COMMANDS.debit_funds)
  debit(@Payload() payload: unknown, @Ctx() context: BusContext) {
    return this.commands.debit(parseCommand(debitFundsCommand, payload), correlationOf(context));
  }

  @MessagePattern(LEDGER_COMMANDS.place_hold)
  placeHold(@Payload() payload: unknown, @Ctx() context: BusContext) {
    return this.commands.placeHold(parseCommand(placeHoldCommand, payload), correlationOf(context));
  }

  @MessagePattern(LEDGER_COMMANDS.post_hold)
  postHold(@Payload() payload: unknown, @Ctx() context: BusContext) {
    return this.commands.postHold(parseCommand(endHoldCommand, payload), correlationOf(context));
  }

  @MessagePattern(LEDGER_COMMANDS.release_hold)
  releaseHold(@Payload() payload: unknown, @Ctx() context: BusContext) {
    return this.commands.releaseHold(parseCommand(endHoldCommand, payload), correlationOf(context));
  }

  @MessagePattern(LEDGER_COMMANDS.transfer_funds)
  transfer(@Payload() payload: unknown, @Ctx() context: BusContext) {
    return this.commands.transfer(
      parseCommand(transferFundsCommand, payload),
      correlationOf(context),
    );
  }

  @MessagePattern(LEDGER_COMMANDS.get_balances)
  balances(@Payload() payload: unknown) {
    return this.queries.balances(parseCommand(getBalancesCommand, payload).account_id);
  }

  @MessagePattern(LEDGER_COMMANDS.swap_assets)
  swap(@Payload() payload: unknown, @Ctx() context: BusContext) {
    return this.commands.swap(parseCommand(swapAssetsCommand, payload), correlationOf(context));
  }

  @MessagePattern(LEDGER_COMMANDS.get_rates)
  rates(@Payload() payload: unknown) {
    parseCommand(getRatesCommand, payload ?? {});
    return this.queries.rateTable();
  }

  @MessagePattern(LEDGER_COMMANDS.list_movements)
  movements(@Payload() payload: unknown) {
    return this.queries.movements(parseCommand(listMovementsCommand, payload));
  }
}
