import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import type { PgEventStore } from '@platform/event-store';
import { createPool, DeadLetters, migrate, withTransaction } from '@platform/persistence';
import { createTestDatabase, type TestDatabase } from '@platform/testing';
import { issueCoordinates } from '../domain/bank-account';
import { BANKING_EVENTS_SCHEMA, openBankingEventStore } from '../infrastructure/banking-events';
import { openBankingJobs } from '../infrastructure/banking-jobs';
import { CustomerStore } from '../infrastructure/customers.repository';
import { OperationStore } from '../infrastructure/operations.repository';
import { ThirdPartyStore } from '../infrastructure/third-parties.repository';
import { bankingJobTasks } from './banking-job-tasks';
import { OperationJournal } from './operation-journal';
import { OperationsService } from './operations.service';

const SCHEMA = 'banking';

/** Payments on PostgreSQL: no overspending under concurrency, one operation per key, one refund. */
describe('bank payments on PostgreSQL', () => {
  let database: TestDatabase;
  let pool: Pool;
  let events: PgEventStore;
  let customers: CustomerStore;
  let operations: OperationsService;
  let third_parties: ThirdPartyStore;

  beforeAll(async () => {
    database = await createTestDatabase('banking_payments');
    pool = createPool({ url: database.url, schema: SCHEMA, max_connections: 24 });
    await migrate(pool, {
      schema: SCHEMA,
      migrations_dir: path.join(__dirname, '../../migrations'),
    });
    await DeadLetters.migrate(pool, SCHEMA);
    events = await openBankingEventStore(pool, 'test');
    const jobs = await openBankingJobs(pool, new DeadLetters(pool, SCHEMA));
    customers = new CustomerStore(pool);
    third_parties = new ThirdPartyStore(pool);
    const store = new OperationStore(pool);
    operations = new OperationsService(
      pool,
      customers,
      third_parties,
      store,
      new OperationJournal(store, events),
      jobs,
      'test',
      60_000,
      { USD: '0.50', EUR: '1.00' },
      bankingJobTasks(),
    );
  });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  /** An approved customer with a USD account holding `amount`, and a US beneficiary. */
  async function fundedAccount(amount: string) {
    const account_id = randomUUID();
    const bank_account_id = randomUUID();
    const third_party_id = randomUUID();
    await withTransaction(pool, async (client) => {
      const customer = await customers.insert(client, {
        customer_id: randomUUID(),
        account_id,
        org_id: 'org-1',
        kyc_status: 'approved',
        idempotency_key: null,
      });
      await customers.openAccount(
        client,
        { bank_account_id, customer_id: customer!.customer_id, account_id },
        issueCoordinates('USD', '000000000042'),
      );
      await third_parties.insert(
        client,
        {
          third_party_id,
          account_id,
          name: 'Bob',
          bank_ref: `aba:${third_party_id}`,
          idempotency_key: null,
        },
        { currency: 'USD', routing_number: '021000021', account_number: '1234' },
      );
    });
    await operations.receiveInbound({ account_id, bank_account_id, amount });
    return { account_id, bank_account_id, third_party_id };
  }

  const pay = (
    funded: Awaited<ReturnType<typeof fundedAccount>>,
    amount: string,
    idempotency_key: string,
  ) => operations.pay({ ...funded, amount, idempotency_key });

  it('never spends a balance twice: concurrent payments stop at what it covers', async () => {
    const funded = await fundedAccount('100.00');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) => pay(funded, '10.00', `race-${index}`)),
    );
    const paid = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.flatMap((outcome) =>
      outcome.status === 'rejected' ? [(outcome.reason as { code?: string }).code] : [],
    );
    // 9 payments of 10.00 + 0.50 fee take 94.50; a 10th would need 105.00.
    expect(paid).toHaveLength(9);
    expect(new Set(refused)).toEqual(new Set(['insufficient_funds']));
    expect(await customers.balance(funded.bank_account_id)).toEqual({
      available: '5.50',
      held: '94.50',
    });
  });

  it('creates one operation for concurrent requests under one key', async () => {
    const funded = await fundedAccount('50.00');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => pay(funded, '5.00', 'same-key')),
    );
    expect(new Set(answers.map((operation) => operation.operation_id)).size).toBe(1);
    expect((await customers.balance(funded.bank_account_id)).available).toBe('44.50');
    await expect(pay(funded, '6.00', 'same-key')).rejects.toMatchObject({
      code: 'idempotency_conflict',
    });
  });

  it('gives a rejected payment its debit back once, however often the bank answers', async () => {
    const funded = await fundedAccount('20.00');
    const payment = await pay(funded, '10.99', 'rejected');
    await Promise.all([
      operations.settle(payment.operation_id),
      operations.settle(payment.operation_id),
    ]);
    await operations.settle(payment.operation_id);
    expect(await operations.get(funded.account_id, payment.operation_id)).toMatchObject({
      status: 'failed',
      failure_code: 'rejected_by_bank',
    });
    expect(await customers.balance(funded.bank_account_id)).toEqual({
      available: '20.00',
      held: '0.00',
    });
    const { rows } = await pool.query<{ type: string; data: { change?: string } }>(
      `select type, data from ${BANKING_EVENTS_SCHEMA}.events
        where stream = $1 order by position`,
      [`banking-operation-${payment.operation_id}`],
    );
    expect(rows.map((row) => [row.type, row.data.change ?? null])).toEqual([
      ['banking.balance_changed', '-11.49'],
      ['banking.operation_status_changed', null],
      ['banking.balance_changed', '11.49'],
      ['banking.operation_status_changed', null],
    ]);
  });
});
