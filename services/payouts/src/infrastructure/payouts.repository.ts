import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import type { PayoutResource } from '@platform/contracts';
import type { PgEventStore, StreamAppend } from '@platform/event-store';
import {
  OwnStatementMissedRowError,
  StatementBatcher,
  firstOfEachName,
  preparedQuery,
  withTransaction,
  type OwnStatement,
  type PoisonGuard,
} from '@platform/persistence';
import { SERVICE_POOL } from '@platform/runtime';
import { statusChangedData, type PayoutRecord } from '../domain/payout-record';
import { PAYOUTS_EVENTS, payoutStream } from './payouts-store';

/** Columns as text so that numeric money and timestamps never pass through JS numbers/dates. */
export const PAYOUT_COLUMNS = `payout_id::text, account_id, org_id, idempotency_key, country, currency,
  method, local_amount::text, beneficiary, destination, purpose, purpose_detail, document_id,
  dispatch, source, settlement_asset, total_debit::text, fee::text, usdt_amount::text,
  usd_value::text, rate, rate_source, status, status_code, status_message, funds_debited,
  predebit_failure, compliance_pending, review_id, bank_reference, uetr, imad,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
  to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at`;

/** A new payout's claim on its account's idempotency key. */
export interface ClaimInput {
  payout_id: string;
  account_id: string;
  org_id: string;
  idempotency_key: string;
  request_fingerprint: string;
  /** When given, the claim also says whether the rail rejected it lately. */
  destination?: string;
}

export interface ClaimOutcome {
  claimed: boolean;
  destination_recently_rejected: boolean;
}

export interface IdempotencyClaim {
  payout_id: string;
  request_fingerprint: string;
  creation: 'creating' | 'created';
  /** The payout as the create answered it (set once created): a replay answers it unchanged. */
  create_response: PayoutResource | null;
}

/** The payouts table and the events written beside it. */
@Injectable()
export class PayoutsRepository {
  private readonly claims = new StatementBatcher((inputs: readonly ClaimInput[]) =>
    this.claimAll(inputs),
  );

  constructor(
    @Inject(SERVICE_POOL) private readonly pool: Pool,
    @Inject(PAYOUTS_EVENTS) private readonly events: PgEventStore,
  ) {}

  /** How many created payouts are in each status (for `/metrics`). */
  async countByStatus(): Promise<{ status: string; count: number }[]> {
    const { rows } = await this.pool.query<{ status: string; count: string }>(
      `select status, count(*)::text as count from payouts where creation = 'created' group by status`,
    );
    return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
  }

  /**
   * Takes the account's key for a new payout: `claimed` is false when another request holds it
   * already. With a `destination`, the same statement says whether the rail rejected it for the
   * account in the last 24 hours (a create must then be acknowledged as a retry). Under load, the
   * claims waiting while one is written go together in the next statement (see claimAll).
   */
  claim(input: ClaimInput): Promise<ClaimOutcome> {
    return this.claims.submit(input);
  }

  /**
   * Claims as one statement, answered in order. No conflict target: a demo payout's id is made
   * from its key, so two claims of it at once collide on the id too, and a target naming the key
   * alone lets that collision raise an error. Of claims in one batch for the same key or id, only
   * the first is tried; the others lose to it.
   */
  private async claimAll(inputs: readonly ClaimInput[]): Promise<ClaimOutcome[]> {
    const tried_once = firstOfEachName(inputs, (input) => [
      `id\0${input.payout_id.toLowerCase()}`,
      `key\0${input.account_id}\0${input.idempotency_key}`,
    ]);
    const tried = inputs.filter((input) => tried_once.has(input));
    const { rows } = await this.pool.query<ClaimOutcome & { payout_id: string }>(
      preparedQuery(
        `with input as (
         select * from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[],
           $6::text[]) as i(payout_id, account_id, org_id, idempotency_key, request_fingerprint,
           destination)),
       claimed as (
         insert into payouts (payout_id, account_id, org_id, idempotency_key, request_fingerprint)
         select payout_id, account_id, org_id, idempotency_key, request_fingerprint from input
         on conflict do nothing
         returning payout_id)
       select i.payout_id::text,
              exists (select 1 from claimed c where c.payout_id = i.payout_id) as claimed,
              i.destination is not null and exists (select 1 from rejected_destinations r
                where r.account_id = i.account_id and r.destination = i.destination
                  and r.rejected_at > now() - interval '24 hours') as destination_recently_rejected
       from input i`,
        [
          tried.map((input) => input.payout_id),
          tried.map((input) => input.account_id),
          tried.map((input) => input.org_id),
          tried.map((input) => input.idempotency_key),
          tried.map((input) => input.request_fingerprint),
          tried.map((input) => input.destination ?? null),
        ],
      ),
    );
    const outcomes = new Map(rows.map((row) => [row.payout_id, row]));
    return inputs.map((input) => {
      // PostgreSQL answers a uuid in lower case, whatever case it was sent in.
      const outcome = tried_once.has(input)
        ? outcomes.get(input.payout_id.toLowerCase())
        : undefined;
      return {
        claimed: outcome?.claimed ?? false,
        destination_recently_rejected: outcome?.destination_recently_rejected ?? false,
      };
    });
  }

  async findClaim(account_id: string, idempotency_key: string): Promise<IdempotencyClaim | null> {
    const { rows } = await this.pool.query<IdempotencyClaim>(
      `select payout_id::text, request_fingerprint, creation, create_response
       from payouts where account_id = $1 and idempotency_key = $2`,
      [account_id, idempotency_key],
    );
    return rows[0] ?? null;
  }

  /**
   * Claims whose create never finished (the process died between taking the key and saving
   * the payout), older than `older_than_ms`: nothing was created for them.
   */
  async abandonedClaims(
    older_than_ms: number,
    guard: PoisonGuard,
  ): Promise<{ payout_id: string; account_id: string }[]> {
    const { rows } = await this.pool.query<{ payout_id: string; account_id: string }>(
      `select payout_id::text, account_id::text from payouts
       where creation = 'creating'
         and created_at < now() - make_interval(secs => $1::double precision / 1000)
         and payout_id::text <> all($2::text[]) and ${guard.notSetAside('$3', 'payout_id::text')}
       order by created_at limit 50`,
      [older_than_ms, guard.waiting(), guard.source],
    );
    return rows;
  }

  /** Payouts whose next step is due, oldest first, but those the guard leaves out. */
  async dueSteps(limit: number, guard: PoisonGuard): Promise<string[]> {
    const { rows } = await this.pool.query<{ payout_id: string }>(
      `select payout_id::text from payouts where next_step_at <= now()
         and payout_id::text <> all($2::text[]) and ${guard.notSetAside('$3', 'payout_id::text')}
       order by next_step_at limit $1`,
      [limit, guard.waiting(), guard.source],
    );
    return rows.map((row) => row.payout_id);
  }

  /** A step that failed is due again after `delay_ms` (unless it moved meanwhile). */
  async postponeStep(payout_id: string, delay_ms: number): Promise<void> {
    await this.pool.query(
      `update payouts set next_step_at = now() + make_interval(secs => $2::double precision / 1000)
       where payout_id = $1 and next_step_at <= now()`,
      [payout_id, delay_ms],
    );
  }

  /** A create that failed with a client error leaves nothing behind: the key is free again. */
  async abandonClaim(payout_id: string): Promise<void> {
    await this.pool.query(`delete from payouts where payout_id = $1 and creation = 'creating'`, [
      payout_id,
    ]);
  }

  /**
   * Completes a claimed payout with its first state and announces it, in one statement;
   * `response` is what the create answers, kept for its replays. `announce: false` (a test
   * account's demo payouts, history rather than new activity) publishes no status event.
   */
  async finishCreate(
    record: PayoutRecord,
    response: PayoutResource,
    next_step_at_ms: number | null,
    correlation_id: string | null,
    { announce = true }: { announce?: boolean } = {},
  ): Promise<void> {
    const completed = completion(record, response, next_step_at_ms);
    if (!announce) {
      const { rowCount } = await this.pool.query(completed.text, [...completed.values]);
      if (rowCount !== 1) throw new OwnStatementMissedRowError(completed.one_row_or_fail);
      return;
    }
    // The payout's stream starts here: expecting no stream lets the create join a group commit.
    await this.events.appendManyWithStatements(
      [{ ...statusAnnouncement(record, correlation_id), expected_version: 'no_stream' }],
      [completed],
    );
  }

  /** A payout whose step changed nothing is due again after `next_step_at_ms` (null: never). */
  async scheduleStep(
    client: PoolClient,
    payout_id: string,
    next_step_at_ms: number | null,
  ): Promise<void> {
    await client.query(
      `update payouts set next_step_at = case when $2::bigint is null then null
         else now() + make_interval(secs => $2::bigint / 1000.0) end where payout_id = $1`,
      [payout_id, next_step_at_ms],
    );
  }

  async find(
    payout_id: string,
    client: Pick<PoolClient, 'query'> = this.pool,
  ): Promise<PayoutRecord | null> {
    const { rows } = await client.query<PayoutRecord>(
      `select ${PAYOUT_COLUMNS} from payouts where payout_id = $1 and creation = 'created'`,
      [payout_id],
    );
    return rows[0] ?? null;
  }

  transaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    return withTransaction(this.pool, work);
  }

  /** Locks those of `payout_ids` that no other worker holds, for the caller's transaction. */
  async lockMany(client: PoolClient, payout_ids: readonly string[]): Promise<PayoutRecord[]> {
    const { rows } = await client.query<PayoutRecord>(
      preparedQuery(
        `select ${PAYOUT_COLUMNS} from payouts where payout_id = any($1::uuid[])
           and creation = 'created' order by payout_id for update skip locked`,
        [payout_ids],
      ),
    );
    return rows;
  }

  /**
   * New states of several payouts and their `payout_status_changed`, in the caller's transaction:
   * one statement for them all when their streams' heads are remembered.
   */
  async saveStates(
    client: PoolClient,
    saves: readonly { record: PayoutRecord; next_step_at_ms: number | null }[],
  ): Promise<void> {
    if (saves.length === 0) return;
    await this.events.appendManyInTransactionWith(
      client,
      saves.map(({ record }) => statusAnnouncement(record, null)),
      saves.map(({ record, next_step_at_ms }) => stateUpdate(record, next_step_at_ms)),
    );
  }

  /** Runs `work` on a payout locked for update; null when absent or locked by another worker. */
  async withLockedPayout<T>(
    payout_id: string,
    work: (client: PoolClient, record: PayoutRecord) => Promise<T>,
    options: { skip_locked: boolean },
  ): Promise<T | null> {
    return withTransaction(this.pool, async (client) => {
      const { rows } = await client.query<PayoutRecord>(
        `select ${PAYOUT_COLUMNS} from payouts where payout_id = $1 and creation = 'created'
         for update ${options.skip_locked ? 'skip locked' : ''}`,
        [payout_id],
      );
      const record = rows[0];
      return record ? work(client, record) : null;
    });
  }

  async recordRejection(client: PoolClient, record: PayoutRecord): Promise<void> {
    await client.query(
      `insert into rejected_destinations (account_id, destination, payout_id) values ($1, $2, $3)
       on conflict do nothing`,
      [record.account_id, record.destination, record.payout_id],
    );
  }
}

/** The payout's `payout_status_changed`, on its stream. */
function statusAnnouncement(record: PayoutRecord, correlation_id: string | null): StreamAppend {
  return {
    stream: payoutStream(record.payout_id),
    expected_version: 'any',
    events: [
      {
        type: 'payouts.payout_status_changed',
        data: statusChangedData(record),
        org_id: record.org_id,
        account_id: record.account_id,
        correlation_id,
      },
    ],
  };
}

/** The state columns of a payout, and when its next step is due (null: never). */
const STATE_ASSIGNMENTS = `status = $2, status_code = $3, status_message = $4,
  funds_debited = $5, predebit_failure = $6, compliance_pending = $7, review_id = $8,
  bank_reference = $9, uetr = $10, imad = $11, updated_at = now(),
  next_step_at = case when $12::bigint is null then null
                      else now() + make_interval(secs => $12::bigint / 1000.0) end`;

function stateValues(record: PayoutRecord, next_step_at_ms: number | null): unknown[] {
  return [
    record.payout_id,
    record.status,
    record.status_code,
    record.status_message,
    record.funds_debited,
    record.predebit_failure,
    record.compliance_pending,
    record.review_id,
    record.bank_reference,
    record.uetr,
    record.imad,
    next_step_at_ms,
  ];
}

function stateUpdate(record: PayoutRecord, next_step_at_ms: number | null): OwnStatement {
  return {
    text: `update payouts set ${STATE_ASSIGNMENTS} where payout_id = $1`,
    values: stateValues(record, next_step_at_ms),
  };
}

/**
 * A claimed payout's request, its create response and its first state. It must find the claim:
 * when claim recovery took the key back (the create outlived PAYOUTS_CLAIM_RECOVERY_MS), nothing
 * is written, the caller releases its hold and the client retries with the same key.
 */
function completion(
  record: PayoutRecord,
  response: PayoutResource,
  next_step_at_ms: number | null,
): OwnStatement & { one_row_or_fail: string } {
  return {
    text: `update payouts set creation = 'created', create_response = $13,
        country = $14, currency = $15, method = $16, local_amount = $17, beneficiary = $18,
        destination = $19, purpose = $20, purpose_detail = $21, document_id = $22,
        dispatch = $23, source = $24, settlement_asset = $25, total_debit = $26, fee = $27,
        usdt_amount = $28, usd_value = $29, rate = $30, rate_source = $31,
        created_at = $32, ${STATE_ASSIGNMENTS}
      where payout_id = $1 and creation = 'creating'`,
    values: [
      ...stateValues(record, next_step_at_ms),
      JSON.stringify(response),
      record.country,
      record.currency,
      record.method,
      record.local_amount,
      JSON.stringify(record.beneficiary),
      record.destination,
      record.purpose,
      record.purpose_detail,
      record.document_id,
      record.dispatch,
      record.source,
      record.settlement_asset,
      record.total_debit,
      record.fee,
      record.usdt_amount,
      record.usd_value,
      record.rate,
      record.rate_source,
      record.created_at,
    ],
    one_row_or_fail: `payout claim ${record.payout_id} was recovered`,
  };
}
