import {
  ACCOUNT_COMMANDS,
  PAYINS_COMMANDS,
  eventEnvelopeSchema,
  type Environment,
} from '@platform/contracts';
import type { JobQueue } from '@platform/jobs';
import type { BusClient } from '@platform/messaging';
import { describeFailure, unparsedLetterKey, type DeadLetters } from '@platform/persistence';
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

export interface ApplyPayload {
  event_id: string;
  type: CountedType;
  account_id: string;
  data: Record<string, unknown>;
  [key: string]: unknown;
}

export interface Fact {
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
 * with the tax id, and credited payins whose payer's tax id the bank reported. A payout's or a
 * payin's outcome is in its event and is counted as the event arrives; a fact that must be read
 * over the bus (a holder's profile), which may be down for a moment, becomes a durable job.
 * Events that cannot count (a payout still in flight, a verification not approved) queue
 * nothing. An event counts once; a malformed one, or one whose job keeps failing, is set aside as
 * a dead letter and the projection goes on.
 */
export class PaymentHistoryProjection {
  constructor(
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
        record_key: unparsedLetterKey(raw),
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
    const known = factInEvent(payload);
    if (known === 'read_needed') {
      await this.jobs.schedule(APPLY_TASK, payload, {
        job_key: `history:${payload.event_id}`,
        max_attempts: 10,
      });
    } else if (known) await this.count(payload.event_id, known);
  }

  private async apply(payload: ApplyPayload): Promise<void> {
    const fact = await this.factRead(payload).catch((error: unknown) => {
      throw new Error(`${payload.type} ${payload.event_id}: ${describeFailure(error)}`);
    });
    if (fact) await this.count(payload.event_id, fact);
  }

  /** Counts a fact once per claim key. */
  private async count(claim_key: string, fact: Fact): Promise<void> {
    const checked = checkDocId(fact.country, fact.raw_doc_id);
    if (!checked.ok) return; // not a document number the scorecard can match: nothing to count
    await this.history.count({
      claim_key,
      country: fact.country,
      doc_id: checked.doc_id,
      effect: fact.effect,
    });
  }

  /** The fact of an event whose subject is read over the bus (`factInEvent` said so). */
  private async factRead(payload: ApplyPayload): Promise<Fact | null> {
    switch (payload.type) {
      case 'identity.account_confirmed':
      case 'compliance.verification_status_changed': {
        const profile = await this.bus.send(ACCOUNT_COMMANDS.get_profile, {
          account_id: payload.account_id,
        });
        if (!profile.tax_id || !profile.country) return null;
        return { country: profile.country, raw_doc_id: profile.tax_id, effect: 'verified_holder' };
      }
      case 'payins.payin_credited': {
        const payin = await this.bus.send(PAYINS_COMMANDS.get_payin, {
          account_id: payload.account_id,
          payin_id: String(payload.data.payin_id),
        });
        if (!payin.payer?.tax_id || !payin.country) return null;
        return {
          country: payin.country,
          raw_doc_id: payin.payer.tax_id,
          effect: 'payins_credited',
        };
      }
      case 'payouts.payout_status_changed':
        return factInEvent(payload) as Fact | null;
      default: {
        const unhandled: never = payload.type;
        throw new Error(`no fact for ${String(unhandled)}`);
      }
    }
  }
}

/**
 * What an event says about a subject on its own: a fact, nothing (`null`), or `read_needed` when
 * it can count but its subject must be read from the service that owns it.
 */
export function factInEvent(
  payload: Pick<ApplyPayload, 'type' | 'data'>,
): Fact | null | 'read_needed' {
  switch (payload.type) {
    case 'identity.account_confirmed':
    case 'compliance.verification_status_changed': {
      const status = payload.data.kyc_status ?? payload.data.status;
      return status === 'approved' ? 'read_needed' : null;
    }
    case 'payins.payin_credited': {
      const { payin_id, payer_tax_id, country } = payload.data;
      // Events written before they carried the payer's tax id: the payin says who paid.
      if (payer_tax_id === undefined) return typeof payin_id === 'string' ? 'read_needed' : null;
      if (typeof payer_tax_id !== 'string' || typeof country !== 'string') return null;
      return { country, raw_doc_id: payer_tax_id, effect: 'payins_credited' };
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
