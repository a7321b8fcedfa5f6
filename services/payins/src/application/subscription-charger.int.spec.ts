import path from 'node:path';
import type { Pool } from 'pg';
import { PgEventStore } from '@platform/event-store';
import type { JobQueue } from '@platform/jobs';
import { createPool, DeadLetters, migrate } from '@platform/persistence';
import { createTestDatabase, type TestDatabase } from '@platform/testing';
import { sandboxConnector } from '../infrastructure/collection-connectors';
import { PayinsRepository } from '../infrastructure/payins.repository';
import { StoredCardsRepository } from '../infrastructure/stored-cards.repository';
import {
  openPayinsJobs,
  QueuedChargeJobs,
  subscriptionJobTasks,
} from '../infrastructure/subscription-jobs';
import { SubscriptionsRepository } from '../infrastructure/subscriptions.repository';
import { PayinsService } from './payins.service';
import type { IdentityPort } from './ports';
import { periodKey, SubscriptionCharger } from './subscription-charger';
import { SubscriptionsService } from './subscriptions.service';

const SCHEMA = 'payins';
const ORG_ID = 'org-subscriptions';
const DAY_MS = 86_400_000;
const SUBSCRIPTIONS = 12;
/** Each subscription starts three days ago, daily: periods 0 to 3 are due. */
const DUE_PERIODS = 4;

/** Identity as the payins service reads it: every account approved, the organization in UTC. */
const identity: IdentityPort = {
  kycStatus: async () => 'approved',
  accountType: async () => 'company',
  organizationTimezone: async () => 'UTC',
  organizationName: async () => 'Subscriptions Org',
  accountName: async () => 'Merchant',
  ownerMemberId: async () => null,
};

/** A payins service on the shared database, as one process of the service would have it. */
function serviceOn(pool: Pool, events: PgEventStore) {
  const payins = new PayinsRepository(pool, events);
  const cards = new StoredCardsRepository(pool);
  const service = new PayinsService(
    payins,
    identity,
    sandboxConnector(60_000),
    { qr_expiry_ms: null },
    cards,
  );
  const subscriptions = new SubscriptionsRepository(pool, events);
  return { payins, cards, service, subscriptions };
}

describe('subscription charges on PostgreSQL (two job workers)', () => {
  let database: TestDatabase;
  let pools: Pool[];
  let queues: JobQueue[];
  let first: ReturnType<typeof serviceOn>;
  let chargers: SubscriptionCharger[];
  let subscriptions_service: SubscriptionsService;
  let account_counter = 0;

  beforeAll(async () => {
    database = await createTestDatabase('payins_subs');
    pools = [0, 1].map(() =>
      createPool({ url: database.url, schema: SCHEMA, max_connections: 12 }),
    );
    await migrate(pools[0], {
      schema: SCHEMA,
      migrations_dir: path.join(__dirname, '../../migrations'),
    });
    await DeadLetters.migrate(pools[0], SCHEMA);
    const stores = pools.map(
      (pool) => new PgEventStore(pool, { schema: 'payins_events', environment: 'test' }),
    );
    await stores[0].migrate();
    // Two processes: each its own pool, queue instance and charger, on the same database.
    queues = [];
    for (const pool of pools)
      queues.push(
        await openPayinsJobs(pool, new DeadLetters(pool, SCHEMA), { poll_interval_ms: 100 }),
      );
    const services = pools.map((pool, index) => serviceOn(pool, stores[index]));
    first = services[0];
    chargers = services.map(
      ({ service, subscriptions }, index) =>
        new SubscriptionCharger(
          subscriptions,
          (command) => service.create(command, true),
          new QueuedChargeJobs(queues[index]),
        ),
    );
    subscriptions_service = new SubscriptionsService(
      first.subscriptions,
      first.cards,
      identity,
      new QueuedChargeJobs(queues[0]),
    );
  });

  afterAll(async () => {
    await Promise.all(queues.map((queue) => queue.stop()));
    await Promise.all(pools.map((pool) => pool.end()));
    await database.drop();
  });

  /** A new account with a stored card: a card payin whose card is saved. */
  async function accountWithCard(): Promise<{ account_id: string; card_id: string }> {
    account_counter += 1;
    const account_id = `00000000-0000-4000-8000-${String(account_counter).padStart(12, '0')}`;
    const created = await first.service.create({
      account_id,
      org_id: ORG_ID,
      base_url: 'https://pay.example.test',
      body: {
        method: 'card',
        country: 'US',
        currency: 'USD',
        amount: '5.00',
        customer: { name: 'Payer', email: 'payer@example.test' },
      },
    });
    const payin = await first.payins.findById(created.payin_id);
    if (!payin) throw new Error('the card payin was not stored');
    const card = await first.payins.transaction((client) =>
      first.cards.saveFrom(client, payin, new Date()),
    );
    return { account_id, card_id: card.instrument_id };
  }

  async function subscribe(start_at: Date, interval = 'daily') {
    const { account_id, card_id } = await accountWithCard();
    const { subscription } = await subscriptions_service.create({
      account_id,
      org_id: ORG_ID,
      base_url: 'https://pay.example.test',
      body: {
        stored_card_id: card_id,
        amount: '10.00',
        currency: 'USD',
        interval,
        start_at: start_at.toISOString(),
      },
    });
    return { account_id, card_id, subscription_id: subscription.subscription_id };
  }

  async function payinKeysOf(subscription_id: string): Promise<string[]> {
    const { rows } = await pools[0].query<{ idempotency_key: string }>(
      `select idempotency_key from payins where idempotency_key like $1 order by idempotency_key`,
      [`subscription:${subscription_id}:%`],
    );
    return rows.map((row) => row.idempotency_key);
  }

  async function waitFor(check: () => Promise<boolean>): Promise<void> {
    for (let attempt = 0; attempt < 600; attempt++) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the condition was not met in time');
  }

  it('charges every due period exactly once with two workers racing over the same jobs', async () => {
    const start_at = new Date(Date.now() - 3 * DAY_MS - 60_000);
    // Created before the workers run: every job is waiting for both of them at once.
    const created = [];
    for (let index = 0; index < SUBSCRIPTIONS; index++) created.push(await subscribe(start_at));
    await Promise.all(
      queues.map((queue, index) =>
        queue.start(subscriptionJobTasks(chargers[index], first.subscriptions)),
      ),
    );
    await waitFor(async () => {
      const { rows } = await pools[0].query<{ charged: string }>(
        'select count(*) as charged from subscription_charges',
      );
      return Number(rows[0]?.charged) >= SUBSCRIPTIONS * DUE_PERIODS;
    });
    // Let any straggler of the other worker finish before counting.
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const { subscription_id } of created) {
      const keys = await payinKeysOf(subscription_id);
      expect(keys).toEqual(
        Array.from({ length: DUE_PERIODS }, (_, period) => periodKey(subscription_id, period)),
      );
      const charges = await first.subscriptions.listCharges(subscription_id, 100, 0);
      expect(charges.map((charge) => [charge.period_index, charge.status])).toEqual(
        [3, 2, 1, 0].map((period) => [period, 'succeeded']),
      );
      const state = await first.subscriptions.findById(subscription_id);
      expect(state).toMatchObject({
        next_period_index: DUE_PERIODS,
        last_charge_status: 'succeeded',
      });
      expect(state?.next_charge_at?.getTime()).toBeGreaterThan(Date.now());
    }
  });

  it('makes one payin when the same period is charged by many callers at once', async () => {
    const { subscription_id } = await subscribe(new Date(Date.now() + DAY_MS));
    await pools[0].query(
      `update subscriptions set next_charge_at = now() - interval '1 second' where subscription_id = $1`,
      [subscription_id],
    );
    await Promise.all(
      Array.from({ length: 6 }, (_, index) => chargers[index % 2].chargeDue(subscription_id)),
    );
    expect(await payinKeysOf(subscription_id)).toEqual([periodKey(subscription_id, 0)]);
    expect(await first.subscriptions.listCharges(subscription_id, 100, 0)).toHaveLength(1);
  });

  it('a charge interrupted after its payin and before its record does not charge twice', async () => {
    const { account_id, card_id, subscription_id } = await subscribe(new Date(Date.now() + DAY_MS));
    await pools[0].query(
      `update subscriptions set next_charge_at = now() - interval '1 second' where subscription_id = $1`,
      [subscription_id],
    );
    // The first attempt made the period's payin, then its process died before recording it.
    const made = await first.service.create(
      {
        account_id,
        org_id: ORG_ID,
        base_url: 'https://pay.example.test',
        body: {
          method: 'card',
          instrument_id: card_id,
          country: 'US',
          currency: 'USD',
          amount: '10.00',
          idempotency_key: periodKey(subscription_id, 0),
        },
      },
      true,
    );
    // The job runs again (retry or the other worker).
    const charge = await chargers[1].chargeDue(subscription_id);
    expect(charge).toMatchObject({ period_index: 0, status: 'succeeded', payin_id: made.payin_id });
    expect(await chargers[0].chargeDue(subscription_id)).toBeNull();
    expect(await payinKeysOf(subscription_id)).toEqual([periodKey(subscription_id, 0)]);
  });

  it('records a charge to a revoked card as failed and emits subscription_charge_failed', async () => {
    const { account_id, card_id, subscription_id } = await subscribe(new Date(Date.now() + DAY_MS));
    await first.cards.revoke(account_id, card_id);
    const charge = await chargers[0].chargeNext(account_id, subscription_id);
    expect(charge).toMatchObject({
      period_index: 0,
      status: 'failed',
      payin_id: null,
      failure_reason: 'stored_card_revoked',
    });
    expect(await payinKeysOf(subscription_id)).toEqual([]);
    const state = await first.subscriptions.findById(subscription_id);
    expect(state).toMatchObject({
      status: 'active',
      last_charge_status: 'failed',
      next_period_index: 1,
    });
    const { rows } = await pools[0].query<{ type: string; data: { reason: string } }>(
      `select type, data from payins_events.events where stream = $1 order by position`,
      [`subscription-${subscription_id}`],
    );
    expect(rows.map((row) => row.type)).toEqual([
      'payins.subscription_created',
      'payins.subscription_charge_failed',
    ]);
    expect(rows[1]?.data.reason).toBe('stored_card_revoked');
  });
});
