import { randomInt, randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import { ACCOUNT_COMMANDS, IdempotencyKey, type Environment } from '@platform/contracts';
import type { PgEventStore } from '@platform/event-store';
import type { JobQueue } from '@platform/jobs';
import type { BusClient } from '@platform/messaging';
import { withTransaction } from '@platform/persistence';
import { issueCoordinates, OPENED_CURRENCIES } from '../domain/bank-account';
import { customerExists, decide, evolve, NO_CUSTOMER, requireCustomer } from '../domain/customer';
import { customerStream } from '../infrastructure/banking-events';
import type { CustomerStore, StoredCustomer } from '../infrastructure/customers.repository';
import type { BankingJobTasks } from './banking-job-tasks';

const REVIEW_TASK = 'customers.conclude_review';

/** 12 random digits: a new account's number. */
const drawDigits = (): string => Array.from({ length: 12 }, () => String(randomInt(10))).join('');

/**
 * The account's banking customer: opened from the approved verification (`in_review`), reviewed
 * by the bank, and on approval given one USD and one EUR account. The sandbox bank approves
 * after one simulator step; live reviews are the partner bank's, so they stay `in_review` here.
 */
export class CustomersService {
  constructor(
    private readonly pool: Pool,
    private readonly customers: CustomerStore,
    private readonly events: PgEventStore,
    private readonly jobs: JobQueue,
    private readonly bus: BusClient,
    private readonly environment: Environment,
    private readonly step_ms: number,
    tasks: BankingJobTasks,
  ) {
    tasks.add({
      [REVIEW_TASK]: (payload: { customer_id: string }) => this.concludeReview(payload.customer_id),
    });
  }

  /** A retry under the key that opened the customer answers it; any other request conflicts. */
  async create(
    account_id: string,
    org_id: string,
    raw_key: string | null,
  ): Promise<StoredCustomer> {
    const idempotency_key = IdempotencyKey.parse(raw_key);
    const existing = await this.customers.byAccount(account_id);
    if (existing && idempotency_key && existing.idempotency_key === idempotency_key)
      return existing;
    const profile = existing
      ? null
      : await this.bus.send(ACCOUNT_COMMANDS.get_profile, { account_id });
    const state = existing ? { status: existing.kyc_status } : NO_CUSTOMER;
    decide({ type: 'open_customer', account_kyc_status: profile?.kyc_status ?? '' }, state);
    const created = await withTransaction(this.pool, async (client) => {
      const customer = await this.customers.insert(client, {
        customer_id: randomUUID(),
        account_id,
        org_id,
        kyc_status: 'in_review',
        idempotency_key,
      });
      if (!customer) return null; // a concurrent create won the account

      await this.publishStatus(client, customer, 'no_stream');
      if (this.environment === 'test')
        await this.jobs.scheduleInTransaction(
          client,
          REVIEW_TASK,
          { customer_id: customer.customer_id },
          { delay_ms: this.step_ms, job_key: `review:${customer.customer_id}`, max_attempts: 10 },
        );
      return customer;
    });
    if (created) return created;
    const winner = await this.customers.byAccount(account_id);
    if (winner && idempotency_key && winner.idempotency_key === idempotency_key) return winner;
    throw customerExists();
  }

  async get(account_id: string): Promise<StoredCustomer> {
    return requireCustomer(await this.customers.byAccount(account_id));
  }

  /** The sandbox bank approves the customer and opens its accounts, once. */
  async concludeReview(customer_id: string): Promise<void> {
    await withTransaction(this.pool, async (client) => {
      const customer = await this.customers.lock(client, customer_id);
      if (!customer) return;
      const events = decide(
        { type: 'conclude_review', outcome: 'approved' },
        { status: customer.kyc_status },
      );
      for (const event of events) {
        const next = evolve({ status: customer.kyc_status }, event);
        if (next.status === 'none') continue;
        await this.customers.setStatus(client, customer_id, next.status);
        if (next.status === 'approved') {
          for (const currency of OPENED_CURRENCIES)
            await this.customers.openAccount(
              client,
              { bank_account_id: randomUUID(), customer_id, account_id: customer.account_id },
              issueCoordinates(currency, drawDigits()),
            );
        }
        await this.publishStatus(client, { ...customer, kyc_status: next.status }, 'any');
      }
    });
  }

  private async publishStatus(
    client: PoolClient,
    customer: StoredCustomer,
    expected_version: 'no_stream' | 'any',
  ): Promise<void> {
    await this.events.appendInTransaction(
      client,
      customerStream(customer.customer_id),
      [
        {
          type: 'banking.customer_status_changed',
          data: {
            account_id: customer.account_id,
            customer_id: customer.customer_id,
            kyc_status: customer.kyc_status,
          },
          org_id: customer.org_id,
          account_id: customer.account_id,
        },
      ],
      { expected_version },
    );
  }
}
