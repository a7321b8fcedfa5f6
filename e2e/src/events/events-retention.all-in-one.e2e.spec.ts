import { randomUUID } from 'node:crypto';
import { createPool } from '@platform/persistence';
import { startAllInOneOnly, type E2eAllInOnePlatform } from '../harness';
import {
  DELIVERY_WAIT,
  domainEventMessage,
  eventsClient,
  eventually,
  http,
  openAccount,
  transferReceivedData,
  type TestAccount,
} from '../clients';

/**
 * Public events are kept 90 days (spec §6): the sweep job deletes older ones and keeps newer.
 * All-in-one only: no route makes an event 91 days old, so the suite publishes one on the bus,
 * and it reads the notifications tables to see the old event taken in before it is swept.
 */
describe('events: 90-day retention', () => {
  let platform: E2eAllInOnePlatform;
  const client = http(() => platform.environments.test);
  const events = eventsClient(() => platform.environments.test);

  beforeAll(async () => {
    platform = await startAllInOneOnly({
      label: 'evretain',
      settings: { EVENTS_RETENTION_SWEEP_MS: '200' },
    });
  });
  afterAll(async () => platform.close());

  const account = () =>
    openAccount(client, { label: 'events', registration: { display_name: 'Stream Reader' } });

  /** A transfer received, published on the ledger's topic as the ledger would. */
  const transferTo = (owner: TestAccount, amount: string, description: string, days_ago = 0) => {
    const occurred_at = new Date(Date.now() - days_ago * 86_400_000).toISOString();
    const event_id = randomUUID();
    const message = domainEventMessage({
      type: 'ledger.transfer_received',
      account_id: owner.account_id,
      org_id: 'demo',
      event_id,
      message_id: event_id,
      occurred_at,
      data: transferReceivedData(owner.account_id, amount, description, occurred_at),
    });
    return platform
      .internals('test')
      .bus.publish('events.ledger', [message])
      .then(() => event_id);
  };

  describe('retention', () => {
    it('deletes public events older than 90 days (the sweep job) and keeps newer ones', async () => {
      const owner = await account();
      const old_event_id = await transferTo(owner, '0.91', 'too old', 91);
      await transferTo(owner, '0.89', 'transfer 0.89');
      const pool = createPool({
        url: platform.internals('test').database_url,
        schema: 'notifications',
      });
      const rowsOf = async (sql: string) => (await pool.query(sql, [old_event_id])).rowCount;
      try {
        // Taken in (and projected in the same transaction) ...
        await eventually(
          () => rowsOf('select 1 from domain_events where event_id = $1'),
          (count) => count === 1,
          DELIVERY_WAIT,
        );
        // ... then swept: only the recent event stays queryable.
        await eventually(
          () => rowsOf('select 1 from public_events where source_event_id = $1'),
          (count) => count === 0,
          DELIVERY_WAIT,
        );
      } finally {
        await pool.end();
      }
      const listed = await eventually(
        () => events.listed(owner.access_token),
        (found) => found.length === 1,
        DELIVERY_WAIT,
      );
      expect(listed.map((event) => event.data.amount)).toEqual(['0.89']);
    });
  });
});
