import { setTimeout as sleep } from 'node:timers/promises';
import {
  DomainError,
  type CreditFundsCommand,
  type DebitFundsCommand,
  type EndHoldCommand,
  type PlaceHoldCommand,
  type SwapAssetsCommand,
  type TransferFundsCommand,
  type TransferReceived,
} from '@platform/contracts';
import type { PoolClient } from 'pg';
import type { OwnStatement } from '@platform/persistence';
import {
  activeTraceContext,
  WrongExpectedVersionError,
  type EventTraceContext,
  type NewEvent,
  type PgEventStore,
  type StreamAppend,
} from '@platform/event-store';
import { Money } from '@platform/money';
import { parseSettings } from '@platform/runtime';
import {
  decide,
  evolve,
  feeCreditFor,
  initialAccountState,
  isLedgerEventType,
  OPERATIONS_KEPT,
  streamOf,
  withOperationsTrimmed,
  type AccountCommand,
  type AccountState,
  type LedgerEvent,
  type MovedFunds,
} from '../domain';
import { swapSettingsOf, type SwapSettings } from '../infrastructure/swap-settings';
import { ledgerSettingsSchema } from '../ledger.settings';
import { AccountCache } from './account-cache';
import { KeyedLock } from './keyed-lock';
import {
  AccountRecall,
  foldRecorded,
  NOTHING_WANTED,
  operationOnly,
  wantedBy,
  type LoadedStream as LoadedAccount,
  type Wanted,
} from './account-recall';
import { AccountIndex, type IndexedEvent } from './stream-index';
import { outcomeOf, TurnGroups, type GroupOutcome } from './turn-groups';

/** The reply of every money-moving command: what moved, per account, after the operation. */
export interface OperationReply {
  operation_id: string;
  movements: MovedFunds[];
}

/**
 * The caller's own rows (an operation's public record), written in the transaction that appends
 * the operation's events: both commit, or neither. Also runs when the operation was applied
 * before, so a record lost to a crash is written on the retry.
 */
export type WriteWithOperation = (client: PoolClient, reply: OperationReply) => Promise<void>;

/**
 * The caller's own rows as statements (see OwnStatement), written with the operation's events in
 * one statement when its append goes alone (one round trip: the accounts' streams wait on it),
 * or in its batch's transaction. Also run when the operation was applied before, as `write`.
 */
export type StatementsWithOperation = (reply: OperationReply) => readonly OwnStatement[];

export interface TransferExtras {
  /** The public transfer_received event, appended to the payee's stream with the legs. */
  notice?: TransferReceived;
  statements?: StatementsWithOperation;
}

export interface LedgerCommandsOptions {
  /** Tries per command when another writer appended to the stream first. */
  max_attempts?: number;
  /** How many account states to keep between commands; 0 folds every stream from its start. */
  account_cache_capacity?: number;
  /**
   * How many operations, and ended holds, an account's remembered state keeps; an older
   * operation_id or hold that comes again is recalled from the stream (see AccountRecall).
   */
  operations_kept_per_account?: number;
  /** The rate table and volatile-asset limits of swaps; the shipped table and defaults if omitted. */
  swap?: SwapSettings;
  /** The time swaps are executed at (the 24-hour limits count from it). */
  clock?: () => Date;
  /**
   * Whether a credit or a hold may be dated in the past (`effective_at`): the test
   * environment's demo history only. Off, such a command is `forbidden`.
   */
  backdating?: boolean;
  /**
   * Told each time an append found a stream's head moved by another writer (another process of
   * the ledger): `group` for transfers written together, `operation` for one operation's append.
   */
  on_conflict?: (site: ConflictSite) => void;
  /**
   * Told after each append that wrote transfers: how many it wrote (one alone, up to
   * MAX_TRANSFERS_TOGETHER written together). Appends a conflict undid are not told.
   */
  on_transfers_appended?: (transfers: number) => void;
}

/** Where an append found another writer had moved a stream's head first. */
export type ConflictSite = 'group' | 'operation';

/** A transfer waiting for its group's turn. */
interface PendingTransfer {
  from_account_id: string;
  to_account_id: string;
  operation_id: string;
  send: AccountCommand;
  receive: AccountCommand;
  correlation_id: string | null;
  /** The trace the command came in: its events keep it, whichever member's call writes them. */
  trace_context: EventTraceContext | null;
  notice?: TransferReceived;
  statements?: StatementsWithOperation;
}

const DEFAULT_MAX_ATTEMPTS = 20;
const DEFAULT_ACCOUNT_CACHE_CAPACITY = 10_000;
/** Transfers decided and written together at most; their rows ride in the append's statement. */
const MAX_TRANSFERS_TOGETHER = 32;
const RETRY_JITTER_MS = 10;

/**
 * The ledger's command handlers: load the account streams, decide, append with the version read
 * (retrying a bounded number of times on a concurrent append), reply with what moved. The reply
 * of an operation_id applied before is read from the stream, so a retry gets the original one.
 */
export class LedgerCommands {
  private readonly locks = new KeyedLock();
  private readonly transfers = new TurnGroups<PendingTransfer, OperationReply>(
    (group) => this.runTransfers(group),
    MAX_TRANSFERS_TOGETHER,
  );
  private readonly max_attempts: number;
  private readonly accounts: AccountCache;
  private readonly swap_settings: SwapSettings;
  private readonly clock: () => Date;
  private readonly backdating: boolean;
  private readonly operations_kept: number;
  private readonly recall: AccountRecall;
  private readonly on_conflict: (site: ConflictSite) => void;
  private readonly on_transfers_appended: (transfers: number) => void;

  constructor(
    private readonly store: PgEventStore,
    options: LedgerCommandsOptions = {},
  ) {
    this.max_attempts = options.max_attempts ?? DEFAULT_MAX_ATTEMPTS;
    this.accounts = new AccountCache(
      options.account_cache_capacity ?? DEFAULT_ACCOUNT_CACHE_CAPACITY,
    );
    this.swap_settings = options.swap ?? swapSettingsOf(parseSettings(ledgerSettingsSchema, {}));
    this.clock = options.clock ?? (() => new Date());
    this.backdating = options.backdating ?? false;
    this.operations_kept = options.operations_kept_per_account ?? OPERATIONS_KEPT;
    // A bound no state can have is refused now, not at the first command.
    initialAccountState(this.operations_kept);
    this.recall = new AccountRecall(store, this.operations_kept);
    this.on_conflict = options.on_conflict ?? (() => undefined);
    this.on_transfers_appended = options.on_transfers_appended ?? (() => undefined);
  }

  /** Both legs of a swap are one event in the account's stream: both or neither. */
  swap(
    command: SwapAssetsCommand,
    correlation_id?: string | null,
    write?: WriteWithOperation,
  ): Promise<OperationReply> {
    const data = {
      account_id: command.account_id,
      operation_id: command.operation_id,
      amount: Money.parse(command.from_asset, command.amount),
      to_asset: command.to_asset,
      reference_id: command.reference_id ?? command.operation_id,
      rates: this.swap_settings.rates,
      limits: this.swap_settings.limits,
      now: this.clock().toISOString(),
    };
    return this.onAccount({ type: 'swap_assets', data }, correlation_id, write);
  }

  /** `effective_at` dates the movement in the past: only a test account's demo history does. */
  async credit(
    command: CreditFundsCommand,
    correlation_id?: string | null,
  ): Promise<OperationReply> {
    const data = { ...movementOf(command), ...this.datedAt(command.effective_at) };
    return this.onAccount({ type: 'credit_funds', data }, correlation_id);
  }

  /** A debit with a fee credits the fee to its fee account in the same append. */
  debit(command: DebitFundsCommand, correlation_id?: string | null): Promise<OperationReply> {
    const data = { ...movementOf(command), ...feeLegOf(command) };
    const fee_account_id = data.fee?.account_id;
    const debit: AccountCommand = { type: 'debit_funds', data };
    return fee_account_id === undefined
      ? this.onAccount(debit, correlation_id)
      : this.withFeeAccount(debit, fee_account_id, correlation_id);
  }

  /** A past date for a movement, where backdating is allowed; none when not asked for. */
  private datedAt(effective_at: string | undefined): { effective_at?: string } {
    if (effective_at === undefined) return {};
    if (!this.backdating)
      throw new DomainError('forbidden', 'movements are dated in the past only in the sandbox');
    if (new Date(effective_at) > this.clock())
      throw new DomainError('invalid_request', 'effective_at must not be in the future');
    return { effective_at: new Date(effective_at).toISOString() };
  }

  /** The account's balances as its stream has them now (read-your-writes, unlike projections). */
  async currentBalances(account_id: string): Promise<AccountState['balances']> {
    return this.locks.run(
      [streamOf(account_id)],
      async () => (await this.load(account_id, true)).state.balances,
    );
  }

  async placeHold(
    command: PlaceHoldCommand,
    correlation_id?: string | null,
  ): Promise<OperationReply> {
    const data = {
      ...movementOf(command),
      ...feeLegOf(command),
      ...this.datedAt(command.effective_at),
      hold_id: command.hold_id,
    };
    return this.onAccount({ type: 'place_hold', data }, correlation_id);
  }

  /** Posting a hold with a fee credits the fee to its fee account in the same append. */
  async postHold(command: EndHoldCommand, correlation_id?: string | null): Promise<OperationReply> {
    const post: AccountCommand = { type: 'post_hold', data: command };
    // A hold's fee account is fixed when it is placed: read it before locking both streams,
    // from the remembered state when that already knows the hold.
    const hold = await this.locks.run([streamOf(command.account_id)], async () => {
      const wanted = { operation_ids: [], hold_ids: [command.hold_id] };
      const remembered = await this.load(command.account_id, false, wanted);
      const known = remembered.state.holds.get(command.hold_id);
      if (known) return known;
      return (await this.load(command.account_id, true, wanted)).state.holds.get(command.hold_id);
    });
    const fee_account_id = hold?.fee?.account_id;
    return fee_account_id === undefined
      ? this.onAccount(post, correlation_id)
      : this.withFeeAccount(post, fee_account_id, correlation_id);
  }

  releaseHold(command: EndHoldCommand, correlation_id?: string | null): Promise<OperationReply> {
    return this.onAccount({ type: 'release_hold', data: command }, correlation_id);
  }

  /**
   * Debits the payer and credits the payee in one append of both streams: both or neither.
   * Transfers that arrive while others are being written go together as the next group (see
   * transferTogether): a hot payee then costs one append per group, not one per transfer.
   */
  async transfer(
    command: TransferFundsCommand,
    correlation_id?: string | null,
    { notice, statements }: TransferExtras = {},
  ): Promise<OperationReply> {
    const { from_account_id, to_account_id, operation_id } = command;
    if (from_account_id === to_account_id) {
      throw new DomainError('self_transfer', 'cannot transfer to the same account');
    }
    const amount = Money.parse(command.asset, command.amount);
    const leg = {
      operation_id,
      amount,
      kind: command.kind,
      reference_id: command.reference_id ?? operation_id,
    };
    return this.transfers.submit({
      from_account_id,
      to_account_id,
      operation_id,
      send: { type: 'send_transfer', data: { ...leg, account_id: from_account_id, to_account_id } },
      receive: {
        type: 'receive_transfer',
        data: { ...leg, account_id: to_account_id, from_account_id },
      },
      correlation_id: correlation_id ?? null,
      trace_context: activeTraceContext(),
      ...(notice ? { notice } : {}),
      ...(statements ? { statements } : {}),
    });
  }

  /** One group of transfers (see TurnGroups): alone as before; several together, then alone. */
  private async runTransfers(
    group: readonly PendingTransfer[],
  ): Promise<GroupOutcome<OperationReply>[]> {
    const [only] = group;
    if (group.length === 1 && only) return [await outcomeOf(() => this.transferAlone(only))];
    const together = await this.transferTogether(group);
    return Promise.all(
      group.map((pending, index) => {
        const reply = together[index];
        return reply
          ? { ok: true as const, value: reply }
          : outcomeOf(() => this.transferAlone(pending));
      }),
    );
  }

  private transferAlone(pending: PendingTransfer): Promise<OperationReply> {
    const { from_account_id, to_account_id } = pending;
    const streams = [streamOf(from_account_id), streamOf(to_account_id)];
    return this.locks.run(streams, () =>
      this.withRetries(async (refresh) => {
        const [payer, payee] = await Promise.all([
          this.load(from_account_id, refresh, operationOnly(pending.operation_id)),
          this.load(to_account_id, refresh, operationOnly(pending.operation_id)),
        ]);
        const states = new Map([
          [from_account_id, payer.state],
          [to_account_id, payee.state],
        ]);
        const events = new Map<string, NewEvent[]>([
          [from_account_id, []],
          [to_account_id, []],
        ]);
        const reply = decideTransfer(pending, states, events);
        const payer_events = events.get(from_account_id)!;
        const payee_events = events.get(to_account_id)!;
        const appends = [appendOf(payer, payer_events), appendOf(payee, payee_events)];
        const own = pending.statements && { statements: pending.statements(reply) };
        await this.commit(appends, own);
        if (payer_events.length + payee_events.length > 0) this.on_transfers_appended(1);
        this.remember(payer, states.get(from_account_id)!, payer_events);
        this.remember(payee, states.get(to_account_id)!, payee_events);
        return reply;
      }),
    );
  }

  /**
   * Transfers that arrived together, decided in turn, each on the states the ones before it left
   * (as if they had run one after another), and written in one append of every stream they touch,
   * with all their own rows: all of them, or none. Per transfer its reply, or null when it must
   * run alone: refused here (alone, the stored state decides), or the group's append failed
   * (alone, each finds out whether the failure was its own). A head another process moved is
   * read again, and the group tried again as one, up to max_attempts times: alone, each transfer
   * would cost an append of its own, and each would meet the other writer of a hot payee again.
   */
  private async transferTogether(
    group: readonly PendingTransfer[],
    attempt = 1,
  ): Promise<(OperationReply | null)[]> {
    const refresh = attempt > 1;
    const account_ids = [...new Set(group.flatMap((p) => [p.from_account_id, p.to_account_id]))];
    try {
      return await this.locks.run(account_ids.map(streamOf), async () => {
        const loaded = new Map<string, LoadedAccount>();
        for (const account_id of account_ids) {
          const operation_ids = group
            .filter((p) => p.from_account_id === account_id || p.to_account_id === account_id)
            .map((p) => p.operation_id);
          const wanted = { operation_ids, hold_ids: [] };
          loaded.set(account_id, await this.load(account_id, refresh, wanted));
        }
        const states = new Map([...loaded].map(([id, account]) => [id, account.state]));
        const events = new Map(account_ids.map((id): [string, NewEvent[]] => [id, []]));
        // A transfer's events go to its payer's and payee's lists only.
        const eventsOf = (pending: PendingTransfer) =>
          events.get(pending.from_account_id)!.length + events.get(pending.to_account_id)!.length;
        let written = 0;
        const replies = group.map((pending) => {
          const before = eventsOf(pending);
          try {
            return decideTransfer(pending, states, events);
          } catch {
            return null;
          } finally {
            // A transfer applied before is answered from the stream and writes nothing.
            if (eventsOf(pending) > before) written += 1;
          }
        });
        const appends = account_ids
          .filter((id) => events.get(id)!.length > 0)
          .map((id) => appendOf(loaded.get(id)!, events.get(id)!));
        if (appends.length === 0) return group.map(() => null);
        const statements = group.flatMap((pending, index) => {
          const reply = replies[index];
          return reply && pending.statements ? pending.statements(reply) : [];
        });
        await this.commit(appends, statements.length > 0 ? { statements } : undefined);
        this.on_transfers_appended(written);
        for (const id of account_ids)
          this.remember(loaded.get(id)!, states.get(id)!, events.get(id)!);
        return replies;
      });
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) return group.map(() => null);
      this.on_conflict('group');
      if (attempt >= this.max_attempts) return group.map(() => null);
      await sleep(retryJitter_ms(attempt));
      return this.transferTogether(group, attempt + 1);
    }
  }

  /**
   * An operation with a fee leg: the payer's events and the fee account's credit of the fee are
   * one append of both streams, so the sum over all accounts moves only by the amount.
   */
  private withFeeAccount(
    command: AccountCommand,
    fee_account_id: string,
    correlation_id: string | null | undefined,
  ): Promise<OperationReply> {
    const { account_id, operation_id } = command.data;
    const streams = [streamOf(account_id), streamOf(fee_account_id)];
    return this.locks.run(streams, () =>
      this.withRetries(async (refresh) => {
        const [payer, fees] = await Promise.all([
          this.load(account_id, refresh, wantedBy(command)),
          this.load(fee_account_id, refresh, operationOnly(operation_id)),
        ]);
        const paid = decide(command, payer.state);
        const credit = feeCreditFor(command, payer.state);
        const credited = credit ? decide(credit, fees.state) : [];
        const payer_after = paid.reduce(evolve, payer.state);
        const fees_after = credited.reduce(evolve, fees.state);
        const reply = replyOf(operation_id, credit ? [payer_after, fees_after] : [payer_after]);
        const payer_events = storedOf(paid, correlation_id);
        const fee_events = storedOf(credited, correlation_id);
        await this.commit([appendOf(payer, payer_events), appendOf(fees, fee_events)]);
        this.remember(payer, payer_after, payer_events);
        this.remember(fees, fees_after, fee_events);
        return reply;
      }),
    );
  }

  private onAccount(
    command: AccountCommand,
    correlation_id: string | null | undefined,
    write?: WriteWithOperation,
  ): Promise<OperationReply> {
    const { account_id, operation_id } = command.data;
    return this.locks.run([streamOf(account_id)], () =>
      this.withRetries(async (refresh) => {
        const account = await this.load(account_id, refresh, wantedBy(command));
        const events = decide(command, account.state);
        const after = events.reduce(evolve, account.state);
        const reply = replyOf(operation_id, [after]);
        const stored = storedOf(events, correlation_id);
        await this.commit(
          [appendOf(account, stored)],
          write && { write: (client) => write(client, reply) },
        );
        this.remember(account, after, stored);
        return reply;
      }),
    );
  }

  /**
   * The account's state: the cached one as it is, unless `refresh` asks to bring it up to date
   * from the store; without one, its whole stream folded. A cached state is what this process
   * appended or read last: the append checks its version, so a state another process has since
   * moved on from fails with WrongExpectedVersionError and is then refreshed. The operations
   * and holds about to be decided on are recalled into the state when it no longer keeps them.
   */
  private async load(
    account_id: string,
    refresh: boolean,
    wanted: Wanted = NOTHING_WANTED,
  ): Promise<LoadedAccount> {
    const stream = streamOf(account_id);
    const remembered = this.accounts.get(stream);
    let loaded: LoadedAccount;
    if (remembered && !refresh) loaded = { stream, ...remembered };
    else {
      const cached = remembered ?? {
        version: 0,
        state: initialAccountState(this.operations_kept),
        index: new AccountIndex(),
      };
      const recorded = await this.store.readStream(stream, { from_version: cached.version + 1 });
      const { version, state } = foldRecorded(recorded, cached, cached.index);
      loaded = { stream, version, state, index: cached.index };
      if (recorded.length > 0)
        this.accounts.remember(stream, { version, state, index: cached.index });
    }
    return { ...loaded, state: await this.recall.wanted(loaded, wanted) };
  }

  /**
   * Appends the operation's events (none when it was applied before) and, in the same
   * transaction, the caller's rows. Without rows to write, an operation applied before costs
   * nothing.
   */
  private async commit(
    appends: StreamAppend[],
    own?:
      { write: (client: PoolClient) => Promise<void> } | { statements: readonly OwnStatement[] },
  ): Promise<void> {
    if (own && 'write' in own) {
      await this.store.appendManyWith(appends, own.write);
      return;
    }
    if (own && own.statements.length > 0) {
      await this.store.appendManyWithStatements(appends, own.statements);
      return;
    }
    const pending = appends.filter((append) => append.events.length > 0);
    if (pending.length > 0) await this.store.appendMany(pending);
  }

  /**
   * Remembers the state after a committed append of `appended` (the operation's events and any
   * notice that rode along) for the next command, and indexes their operations; only after the
   * commit, so a rolled-back operation is never taken as applied.
   */
  private remember(account: LoadedAccount, state: AccountState, appended: readonly NewEvent[]) {
    if (appended.length === 0) return;
    appended.forEach((event, offset) => {
      if (isLedgerEventType(event.type)) {
        account.index.add(event.data as IndexedEvent, account.version + offset + 1);
      }
    });
    this.accounts.remember(account.stream, {
      version: account.version + appended.length,
      state: withOperationsTrimmed(state),
      index: account.index,
    });
  }

  /** `attempt` is told to refresh cached states once a try has failed on them. */
  private async withRetries<T>(attempt: (refresh: boolean) => Promise<T>): Promise<T> {
    for (let tries = 1; ; tries += 1) {
      const refresh = tries > 1;
      try {
        return await attempt(refresh);
      } catch (error) {
        // A refusal (insufficient_funds...) may come from a cached state another process has
        // since moved on from: decide once more on the stored one before refusing.
        if (error instanceof DomainError && !refresh) continue;
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        this.on_conflict('operation');
        if (tries >= this.max_attempts) {
          throw new DomainError(
            'service_unavailable',
            'the account is busy; retry with the same operation_id',
          );
        }
        await sleep(retryJitter_ms(tries));
      }
    }
  }
}

function movementOf(command: CreditFundsCommand | DebitFundsCommand | PlaceHoldCommand) {
  return {
    account_id: command.account_id,
    operation_id: command.operation_id,
    amount: Money.parse(command.asset, command.amount),
    kind: command.kind,
    reference_id: command.reference_id ?? command.operation_id,
    ...(command.description === undefined ? {} : { description: command.description }),
  };
}

/** The command's fee leg; a zero fee is no fee leg at all. */
function feeLegOf(command: DebitFundsCommand | PlaceHoldCommand) {
  if (command.fee === undefined || command.fee_account_id === undefined) return {};
  const amount = Money.parseSigned(command.asset, command.fee);
  if (amount.lt(Money.zero(command.asset))) {
    throw new DomainError('invalid_amount', 'a fee is zero or positive');
  }
  return amount.isZero() ? {} : { fee: { amount, account_id: command.fee_account_id } };
}

/** Jitter spreads writers from other processes that lost the same race. */
function retryJitter_ms(attempt: number): number {
  return Math.floor(Math.random() * RETRY_JITTER_MS * attempt);
}

function appendOf(account: LoadedAccount, events: NewEvent[]): StreamAppend {
  return { stream: account.stream, expected_version: account.version, events };
}

/** Ledger events as stored; with the trace they were decided in when not the append's. */
function storedOf(
  events: readonly LedgerEvent[],
  correlation_id: string | null | undefined,
  trace_context?: EventTraceContext | null,
): NewEvent[] {
  return events.map((event) => ({
    type: event.type,
    data: event.data,
    account_id: event.data.account_id,
    correlation_id: correlation_id ?? null,
    ...(trace_context === undefined ? {} : { trace_context }),
  }));
}

/**
 * Decides a transfer on the payer's and payee's states in `states`, and on success moves them on
 * and adds the events to `events` (both by account id); throws the refusal otherwise, leaving
 * both unchanged. The public transfer_received rides in the payee's stream with the legs, or
 * not at all.
 */
function decideTransfer(
  pending: PendingTransfer,
  states: Map<string, AccountState>,
  events: Map<string, NewEvent[]>,
): OperationReply {
  const { from_account_id, to_account_id, correlation_id, trace_context } = pending;
  const payer = states.get(from_account_id)!;
  const payee = states.get(to_account_id)!;
  const sent = decide(pending.send, payer);
  const received = decide(pending.receive, payee);
  const payer_after = sent.reduce(evolve, payer);
  const payee_after = received.reduce(evolve, payee);
  const reply = replyOf(pending.operation_id, [payer_after, payee_after]);
  const received_events = storedOf(received, correlation_id, trace_context);
  if (pending.notice && received.length > 0)
    received_events.push(noticeOf(pending.notice, correlation_id, trace_context));
  events.get(from_account_id)!.push(...storedOf(sent, correlation_id, trace_context));
  events.get(to_account_id)!.push(...received_events);
  states.set(from_account_id, payer_after);
  states.set(to_account_id, payee_after);
  return reply;
}

function noticeOf(
  notice: TransferReceived,
  correlation_id: string | null,
  trace_context: EventTraceContext | null,
): NewEvent {
  return {
    type: 'ledger.transfer_received',
    data: notice,
    account_id: notice.to_account_id,
    correlation_id,
    trace_context,
  };
}

function replyOf(operation_id: string, states: readonly AccountState[]): OperationReply {
  const movements = states.flatMap((state) => {
    const recorded = state.operations.get(operation_id);
    if (!recorded) throw new Error(`operation ${operation_id} missing after it was applied`);
    return recorded.moved;
  });
  return { operation_id, movements };
}
