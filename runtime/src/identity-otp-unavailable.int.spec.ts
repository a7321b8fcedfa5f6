import type { Pool } from 'pg';
import { createPool } from '@platform/persistence';
import { startTestPlatform, type TestPlatform } from './test-platform';
import {
  bearer,
  expectError,
  operator,
  otpFixtures,
  type OtpFixtures,
} from './identity-otp.fixtures';

const GUARDED_ORG = 'otp-down';
const CALLBACK_URL = 'https://127.0.0.1:9/hooks';
const SECRET = 'a webhook secret of some length';

/**
 * Spec §7 `otp_unavailable` (503): when identity, which checks credentials and OTP, cannot be
 * reached, an action that OTP guards stays blocked, even with a valid token, and nothing is
 * created. OTP is never skipped.
 */
describe('identity: otp_unavailable while identity is down', () => {
  let platform: TestPlatform;
  let f: OtpFixtures;
  let notifications_db: Pool;

  beforeAll(async () => {
    platform = await startTestPlatform('otpdown', { WEBHOOKS_ALLOW_LOOPBACK: 'true' });
    f = otpFixtures(platform.environments.test.base_url);
    notifications_db = createPool({
      url: platform.environments.test.database_url,
      schema: 'notifications',
      max_connections: 1,
    });
    const created = await f.post(
      '/admin/v1/organizations',
      { slug: GUARDED_ORG, name: 'Guarded', otp_channel_floor: 'sms' },
      operator,
    );
    expect(created.status).toBe(201);
    await f.setPolicy(GUARDED_ORG, { required_actions: ['webhook.create'] });
  });
  afterAll(async () => {
    await notifications_db.end();
    await platform.dispose();
  });

  const subscriptionsOf = async (account_id: string): Promise<number> => {
    const { rows } = await notifications_db.query<{ count: string }>(
      'select count(*) from webhook_subscriptions where account_id = $1',
      [account_id],
    );
    return Number(rows[0]?.count ?? 0);
  };

  it('keeps an OTP-guarded action blocked with 503 otp_unavailable and creates nothing', async () => {
    const session = await f.register(GUARDED_ORG, f.uniqueEmail('down'));
    const account_id = session.account!.id;
    const subscribe = (headers: Record<string, string>) =>
      f.post(
        '/v1/webhooks/subscriptions',
        { event_type: '*', callback_url: CALLBACK_URL, secret: SECRET },
        { ...bearer(session.access_token), ...headers },
      );

    // While identity answers, the route asks for a code and a verified one lets it through.
    await expectError(await subscribe({}), 403, 'otp_required');
    const created = await subscribe({
      'x-otp-token': await f.otpToken(session.access_token, 'webhook.create'),
    });
    expect(created.status).toBe(201);
    expect(await subscriptionsOf(account_id)).toBe(1);
    const unspent_token = await f.otpToken(session.access_token, 'webhook.create');

    // Identity's process goes away: neither the credential nor the code can be checked.
    const identity = platform.environments.test.services.find(
      (service) => service.name === 'identity',
    );
    await identity!.close();

    await expectError(await subscribe({}), 503, 'otp_unavailable');
    await expectError(await subscribe({ 'x-otp-token': unspent_token }), 503, 'otp_unavailable');
    expect(await subscriptionsOf(account_id)).toBe(1);
    // A route OTP does not guard answers the generic retryable code.
    await expectError(
      await f.call('GET', '/v1/webhooks/subscriptions', undefined, bearer(session.access_token)),
      503,
      'service_unavailable',
    );
  });
});
