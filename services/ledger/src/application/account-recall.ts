import type { PgEventStore, RecordedEvent } from '@platform/event-store';
import {
  evolve,
  holdOfEvents,
  initialAccountState,
  isLedgerEventType,
  withOperationsTrimmed,
  withRecalledHold,
  withRecalledOperation,
  type AccountCommand,
  type AccountState,
  type LedgerEvent,
} from '../domain';
import type { AccountIndex, IndexedEvent } from './stream-index';

/** The operations and holds a command is about to decide on: recalled when the state let go. */
export interface Wanted {
  operation_ids: readonly string[];
  hold_ids: readonly string[];
}

export const NOTHING_WANTED: Wanted = { operation_ids: [], hold_ids: [] };

export function wantedBy(command: AccountCommand): Wanted {
  const hold_ids = 'hold_id' in command.data ? [command.data.hold_id] : [];
  return { operation_ids: [command.data.operation_id], hold_ids };
}

export function operationOnly(operation_id: string): Wanted {
  return { operation_ids: [operation_id], hold_ids: [] };
}

/** An account's stream as loaded: its version, its state and its index. */
export interface LoadedStream {
  stream: string;
  version: number;
  state: AccountState;
  index: AccountIndex;
}

function ledgerEventOf(event: RecordedEvent): LedgerEvent {
  return { type: event.type, data: event.data } as LedgerEvent;
}

/**
 * `start` moved on by the stored events of its stream after it, trimmed to the operations it
 * keeps (also along the way, so that folding a long stream never holds all of them); each ledger
 * event is added to `index` when one is given.
 */
export function foldRecorded(
  recorded: readonly RecordedEvent[],
  start: { version: number; state: AccountState },
  index?: AccountIndex,
): { version: number; state: AccountState } {
  let { version, state } = start;
  for (const event of recorded) {
    if (isLedgerEventType(event.type)) {
      state = evolve(state, ledgerEventOf(event));
      index?.add(event.data as IndexedEvent, event.stream_version);
      if (state.operation_order.size >= 2 * state.operations_kept) {
        state = withOperationsTrimmed(state);
      }
    }
    version = event.stream_version;
  }
  return { version, state: withOperationsTrimmed(state) };
}

/**
 * Brings back into an account's state the operations and holds it let go of (see
 * `withOperationsTrimmed`) when a command is about to decide on them again. Rare by design (a
 * retry after more than `operations_kept` newer operations on the account, or a hold ended that
 * long ago), so the reads are paid only then: the account's index tells, without a read, that an
 * id is new.
 */
export class AccountRecall {
  constructor(
    private readonly store: PgEventStore,
    private readonly operations_kept: number,
  ) {}

  async wanted(account: LoadedStream, wanted: Wanted): Promise<AccountState> {
    let { state } = account;
    for (const operation_id of wanted.operation_ids) {
      state = await this.operation(account, state, operation_id);
    }
    for (const hold_id of wanted.hold_ids) state = await this.hold(account, state, hold_id);
    return state;
  }

  /** An operation's record is rebuilt by folding the stream up to its event. */
  private async operation(
    account: LoadedStream,
    state: AccountState,
    operation_id: string,
  ): Promise<AccountState> {
    if (state.operations.has(operation_id)) return state;
    const versions = account.index.operations.candidates(operation_id);
    const [event] = await this.storedAt(
      account,
      versions,
      (data) => data.operation_id === operation_id,
    );
    if (!event) return state;
    const history = await this.store.readStream(account.stream, { limit: event.stream_version });
    const start = { version: 0, state: initialAccountState(this.operations_kept) };
    const recorded = foldRecorded(history, start).state.operations.get(operation_id);
    return recorded ? withRecalledOperation(state, operation_id, recorded) : state;
  }

  /** A hold is rebuilt from its own stored events: its placing and its end. */
  private async hold(
    account: LoadedStream,
    state: AccountState,
    hold_id: string,
  ): Promise<AccountState> {
    if (state.holds.has(hold_id)) return state;
    const versions = account.index.holds.candidates(hold_id);
    const events = await this.storedAt(account, versions, (data) => data.hold_id === hold_id);
    const hold = holdOfEvents(hold_id, events.map(ledgerEventOf));
    return hold ? withRecalledHold(state, hold) : state;
  }

  /** The ledger events at these versions of the account's stream whose data `matches`. */
  private async storedAt(
    account: LoadedStream,
    versions: readonly number[],
    matches: (data: Partial<IndexedEvent>) => boolean,
  ): Promise<RecordedEvent[]> {
    const found: RecordedEvent[] = [];
    for (const version of versions) {
      if (version > account.version) continue;
      const [event] = await this.store.readStream(account.stream, {
        from_version: version,
        limit: 1,
      });
      if (event && isLedgerEventType(event.type) && matches(event.data as Partial<IndexedEvent>)) {
        found.push(event);
      }
    }
    return found;
  }
}
