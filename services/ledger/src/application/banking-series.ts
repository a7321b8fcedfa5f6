import type { Pool } from 'pg';
import {
  eventEnvelopeSchema,
  InvalidEventDataError,
  parseEventData,
  type Environment,
} from '@platform/contracts';
import { describeFailure, unparsedLetterKey, type DeadLetters } from '@platform/persistence';
import { projectBankingEntry } from '../infrastructure/public/banking-series.queries';

const SOURCE = 'projection:ledger.banking-series';

/**
 * The banking service's balance entries (`banking.balance_changed`), kept for the daily banking
 * series of the balance history. An entry counts once however often it is delivered; a record
 * that is not a valid entry is set aside as a dead letter and the projection goes on.
 */
export class BankingSeriesProjection {
  constructor(
    private readonly pool: Pool,
    private readonly dead_letters: DeadLetters,
    private readonly environment: Environment,
  ) {}

  async take(raw: unknown): Promise<void> {
    const envelope = eventEnvelopeSchema.safeParse(raw);
    if (!envelope.success) {
      await this.setAside(unparsedLetterKey(raw), 'not an event envelope', raw);
      return;
    }
    const event = envelope.data;
    if (event.environment !== this.environment || event.type !== 'banking.balance_changed') return;
    try {
      await projectBankingEntry(this.pool, parseEventData('banking.balance_changed', event.data));
    } catch (error) {
      // A malformed entry never becomes valid: set it aside. Anything else (the database) is
      // thrown, so that the bus delivers the event again.
      if (!(error instanceof InvalidEventDataError)) throw error;
      await this.setAside(event.event_id, describeFailure(error), raw);
    }
  }

  private async setAside(record_key: string, reason: string, payload: unknown): Promise<void> {
    await this.dead_letters.record({ source: SOURCE, record_key, reason, payload, attempts: 1 });
  }
}
