import { createHash } from 'node:crypto';
import type { Pool } from 'pg';
import {
  ACCOUNT_COMMANDS,
  PAYINS_COMMANDS,
  eventEnvelopeSchema,
  type Environment,
} from '@platform/contracts';
import type { JobQueue } from '@platform/jobs';
import type { BusClient } from '@platform/messaging';
import { describeFailure, withTransaction, type DeadLetters } from '@platform/persistence';
import { checkDocId } from '../domain/subjects/doc-ids';
import type {
  HistoryCounter,
  PaymentHistoryStore,
} from '../infrastructure/payment-history.repository';
import type { RiskJobTasks } from './risk-job-tasks';

const APPLY_TASK = 'history.apply_event';
const SOURCE = 'projection:risk-scoring.payment-history';

/** The events the projection counts, and what each says about a subject. */
const COUNTED = [
  'identity.account_confirmed',
  'compliance.verification_status_changed',
  'payins.payin_credited',
  'payouts.payout_status_changed',
] as const;
type CountedType = (typeof COUNTED)[number];

interface ApplyPayload {
  event_id: string;
  type: CountedType;
  account_id: string;
  data: Record<string, unknown>;
  [key: string]: unknown;
}

interface Fact {
  country: string;
  raw_doc_id: string;
  effect: HistoryCounter | 'verified_holder';
}

/** A payout's outcome counts once, however many events repeat it; other events once each. */
function claimKeyOf(event_id: string, type: string, data: Record<string, unknown>): string {
  if (type === 'payouts.payout_status_changed' && typeof data.payout_id === 'string')
    return `payout:${data.payout_id}:${String(data.status)}`;
  return event_id;
}

/**
 * The platform's own payment history of subjects (decisions D10), fed by other services'
 * events: a verified account holder with a tax id, completed or failed payouts to a beneficiary
 * with the tax id, and credited payins whose payer's tax id the bank reported. Each event becomes a durable job (its details are read over the bus, which may
 * be down for a moment); an event counts once; a malformed one, or one whose job keeps failing,
 * is set aside as a dead letter and the projection goes on.
 */
export class PaymentHistoryProjection {
  constructor(
    private readonly pool: Pool,
    private readonly history: PaymentHistoryStore,
    private readonly jobs: JobQueue,
    private readonly bus: BusClient,
    private readonly dead_letters: DeadLetters,
    private readonly environment: Environment,
    tasks: RiskJobTasks,
  ) {
    tasks.add({ [APPLY_TASK]: (payload: ApplyPayload) => this.apply(payload) });
  }

  /** Takes an event from the bus: a counted one of this environment is queued, the rest ignored. */
  async take(raw: unknown): Promise<void> {
    const envelope = eventEnvelopeSchema.safeParse(raw);
    if (!envelope.success) {
      await this.dead_letters.record({
        source: SOURCE,
        record_key: unparsedKey(raw),
        reason: `not an event envelope: ${envelope.error.issues[0]?.message ?? 'invalid'}`,
        payload: raw,
        attempts: 1,
      });
      return;
    }
    const event = envelope.data;
    if (event.environment !== this.environment) return;
    if (!(COUNTED as readonly string[]).includes(event.type)) return;
    const data = (event.data ?? {}) as Record<string, unknown>;
    const account_id =
      event.account_id ?? (typeof data.account_id === 'string' ? data.account_id : null);
    if (!account_id) {
      await this.dead_letters.record({
        source: SOURCE,
        record_key: event.event_id,
        reason: `${event.type} names no account`,
        payload: raw,
        attempts: 1,
      });
      return;
    }
    const payload: ApplyPayload = {
      event_id: claimKeyOf(event.event_id, event.type, data),
      type: event.type as CountedType,
      account_id,
      data,
    };
    await this.jobs.schedule(APPLY_TASK, payload, {
      job_key: `history:${payload.event_id}`,
      max_attempts: 10,
    });
  }

  private async apply(payload: ApplyPayload): Promise<void> {
    const fact = await this.factOf(payload).catch((error: unknown) => {
      throw new Error(`${payload.type} ${payload.event_id}: ${describeFailure(error)}`);
    });
    if (!fact) return;
    const checked = checkDocId(fact.country, fact.raw_doc_id);
    if (!checked.ok) return; // not a document number the scorecard can match: nothing to count
    const subject = { country: fact.country, doc_id: checked.doc_id };
    await withTransaction(this.pool, async (client) => {
      if (!(await this.history.claim(client, payload.event_id))) return;
      if (fact.effect === 'verified_holder') await this.history.markVerifiedHolder(client, subject);
      else await this.history.increment(client, subject, fact.effect);
    });
  }

  private async factOf(payload: ApplyPayload): Promise<Fact | null> {
    switch (payload.type) {
      case 'identity.account_confirmed':
      case 'compliance.verification_status_changed': {
        const status = payload.data.kyc_status ?? payload.data.status;
        if (status !== 'approved') return null;
        const profile = await this.bus.send(ACCOUNT_COMMANDS.get_profile, {
          account_id: payload.account_id,
        });
        if (!profile.tax_id || !profile.country) return null;
        return { country: profile.country, raw_doc_id: profile.tax_id, effect: 'verified_holder' };
      }
      case 'payins.payin_credited': {
        const payin_id = payload.data.payin_id;
        if (typeof payin_id !== 'string') return null;
        const payin = await this.bus.send(PAYINS_COMMANDS.get_payin, {
          account_id: payload.account_id,
          payin_id,
        });
        if (!payin.payer?.tax_id || !payin.country) return null;
        return {
          country: payin.country,
          raw_doc_id: payin.payer.tax_id,
          effect: 'payins_credited',
        };
      }
      case 'payouts.payout_status_changed': {
        const { status, beneficiary_tax_id, country } = payload.data;
        if (status !== 'completed' && status !== 'failed') return null;
        if (typeof beneficiary_tax_id !== 'string' || typeof country !== 'string') return null;
        return {
          country,
          raw_doc_id: beneficiary_tax_id,
          effect: status === 'completed' ? 'payouts_completed' : 'payouts_failed',
        };
      }
      default: {
        const unhandled: never = payload.type;
        throw new Error(`no fact for ${String(unhandled)}`);
      }
    }
  }
}

/**
 * The letter key of a message that is no event envelope: its `event_id` when it has a usable one,
 * else a digest of its body, so that two different poison messages keep two letters.
 */
function unparsedKey(raw: unknown): string {
  const event_id = (raw as { event_id?: unknown } | null)?.event_id;
  if (typeof event_id === 'string' && event_id.length > 0 && event_id.length <= 200)
    return event_id;
  const digest = createHash('sha256')
    .update(JSON.stringify(raw) ?? String(raw))
    .digest('hex');
  return `unparsed:${digest.slice(0, 32)}`;
}
