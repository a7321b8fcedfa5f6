import { randomUUID } from 'node:crypto';
import { createPool } from '@platform/persistence';
import { startTestPlatform, type TestPlatform } from './test-platform';

async function waitFor(condition: () => boolean | Promise<boolean>, timeout_ms = 30_000) {
  const deadline = Date.now() + timeout_ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('events: 90-day retention', () => {
  let platform: TestPlatform;
  let base_url: string;
  let counter = 0;

  beforeAll(async () => {
    platform = await startTestPlatform('evretain', { EVENTS_RETENTION_SWEEP_MS: '200' });
    base_url = platform.environments.test.base_url;
  });
  afterAll(async () => platform.dispose());

  interface Owner {
    token: string;
    account_id: string;
    org_id: string;
  }

  async function account(): Promise<Owner> {
    const email = `events-${Date.now()}-${++counter}@example.com`;
    const post = (route: string, body: unknown) =>
      fetch(`${base_url}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect(
      (
        await post('/v1/auth/register', {
          org: 'demo',
          type: 'person',
          email,
          password: 'correct horse battery',
          display_name: 'Stream Reader',
        })
      ).status,
    ).toBe(201);
    const confirmed = await post('/v1/auth/register/confirm', {
      org: 'demo',
      email,
      code: '000000',
    });
    const session = (await confirmed.json()) as {
      access_token: string;
      account_id?: string;
      account?: { id: string };
    };
    return {
      token: session.access_token,
      account_id: session.account_id ?? session.account?.id ?? '',
      org_id: 'demo',
    };
  }

  /** A contract-shaped domain event, published on its producer's topic. */
  async function publish(owner: Owner, topic: string, type: string, data: Record<string, unknown>) {
    await platform.environments.test.bus.publish(topic, [
      {
        id: randomUUID(),
        key: owner.account_id,
        payload: {
          event_id: randomUUID(),
          type,
          version: 1,
          stream: `${type}-${randomUUID()}`,
          position: '1',
          occurred_at: new Date().toISOString(),
          org_id: owner.org_id,
          account_id: owner.account_id,
          environment: 'test',
          correlation_id: null,
          causation_id: null,
          data,
        },
      },
    ]);
  }

  const transferTo = (owner: Owner, amount: string) =>
    publish(owner, 'events.ledger', 'ledger.transfer_received', {
      transfer_id: randomUUID(),
      from_account_id: randomUUID(),
      to_account_id: owner.account_id,
      asset: 'USD',
      amount,
      description: `transfer ${amount}`,
      created_at: new Date().toISOString(),
    });

  async function listed(owner: Owner, query = ''): Promise<Record<string, any>[]> {
    const response = await fetch(`${base_url}/v1/events${query}`, {
      headers: { authorization: `Bearer ${owner.token}`, accept: 'application/json' },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { events: Record<string, any>[] }).events;
  }

  describe('retention', () => {
    it('deletes public events older than 90 days (the sweep job) and keeps newer ones', async () => {
      const owner = await account();
      const old_event_id = randomUUID();
      await platform.environments.test.bus.publish('events.ledger', [
        {
          id: old_event_id,
          key: owner.account_id,
          payload: {
            event_id: old_event_id,
            type: 'ledger.transfer_received',
            version: 1,
            stream: `account-${owner.account_id}`,
            position: '1',
            occurred_at: new Date(Date.now() - 91 * 86_400_000).toISOString(),
            org_id: owner.org_id,
            account_id: owner.account_id,
            environment: 'test',
            correlation_id: null,
            causation_id: null,
            data: {
              transfer_id: randomUUID(),
              from_account_id: randomUUID(),
              to_account_id: owner.account_id,
              asset: 'USD',
              amount: '0.91',
              description: 'too old',
              created_at: new Date(Date.now() - 91 * 86_400_000).toISOString(),
            },
          },
        },
      ]);
      await transferTo(owner, '0.89');
      const pool = createPool({
        url: platform.environments.test.database_url,
        schema: 'notifications',
      });
      try {
        // Taken in (and projected in the same transaction) ...
        await waitFor(async () => {
          const { rowCount } = await pool.query('select 1 from domain_events where event_id = $1', [
            old_event_id,
          ]);
          return rowCount === 1;
        });
        // ... then swept: only the recent event stays queryable.
        await waitFor(async () => {
          const { rowCount } = await pool.query(
            'select 1 from public_events where source_event_id = $1',
            [old_event_id],
          );
          return rowCount === 0;
        });
      } finally {
        await pool.end();
      }
      await waitFor(async () => (await listed(owner)).length === 1);
      expect((await listed(owner)).map((event) => event.data.amount)).toEqual(['0.89']);
    });
  });
});
