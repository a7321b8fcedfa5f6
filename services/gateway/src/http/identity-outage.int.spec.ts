import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ok, WEBHOOK_COMMANDS, type SessionClaims } from '@platform/contracts';
import { InProcessBus } from '@platform/messaging';
import { sessionSigningKey, sessionTokenIssuer } from '@platform/runtime';
import { testAdminUrl } from '@platform/testing';
import { startGatewayUnderTest } from './gateway-under-test';

const SETTINGS = { JWT_SECRET: 'gateway-identity-outage-session-key-0123456789' };
const CALLBACK_URL = 'https://127.0.0.1:9/hooks';
const SECRET = 'a webhook secret of some length';

/**
 * Spec §7 `otp_unavailable` (503): when identity, which checks credentials and OTP, cannot be
 * reached, an action that OTP guards stays blocked, even with a code's token, and nothing is
 * created; OTP is never skipped. Here nothing serves identity's commands on the gateway's bus;
 * notifications' stand-in counts the subscriptions it is asked to create. (That the same route
 * asks for a code and lets a verified one through while identity answers is driven over HTTP in
 * e2e/src/identity/identity-otp.)
 */
describe('gateway while identity cannot be reached', () => {
  let bus: InProcessBus;
  let app: NestFastifyApplication;
  let base_url: string;
  const subscriptions_created: unknown[] = [];

  beforeAll(async () => {
    bus = new InProcessBus({ request_timeout_ms: 300 });
    await bus.start();
    await bus.serve(WEBHOOK_COMMANDS.create_subscription.name, (payload) => {
      subscriptions_created.push(payload);
      return Promise.resolve(ok({ id: randomUUID() }));
    });
    ({ app, base_url } = await startGatewayUnderTest(bus, testAdminUrl(), SETTINGS));
  });
  afterAll(async () => {
    await app.close();
    await bus.close();
  });

  /** An access token as identity signs it: it verifies, and only identity can say if it is live. */
  const accessToken = () => {
    const issuer = sessionTokenIssuer('test');
    const claims: SessionClaims = {
      sub: randomUUID(),
      account_id: randomUUID(),
      org_id: randomUUID(),
      role: 'owner',
      sid: randomUUID(),
      gen: 1,
    };
    return jwt.sign(claims, sessionSigningKey('test', SETTINGS), {
      algorithm: 'HS256',
      issuer,
      audience: issuer,
      expiresIn: '1h',
    });
  };

  const call = (method: string, route: string, headers: Record<string, string>, body?: unknown) =>
    fetch(`${base_url}${route}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  const expectError = async (response: Response, status: number, error: string) => {
    expect({ status: response.status, body: await response.json() }).toEqual({
      status,
      body: { error, message: expect.any(String), request_id: expect.any(String) },
    });
  };

  it('keeps an OTP-guarded action blocked with 503 otp_unavailable and creates nothing', async () => {
    const bearer = { authorization: `Bearer ${accessToken()}` };
    const subscribe = (headers: Record<string, string>) =>
      call(
        'POST',
        '/v1/webhooks/subscriptions',
        { ...bearer, ...headers },
        { event_type: '*', callback_url: CALLBACK_URL, secret: SECRET },
      );

    // Neither the credential nor the code can be checked.
    await expectError(await subscribe({}), 503, 'otp_unavailable');
    await expectError(await subscribe({ 'x-otp-token': randomUUID() }), 503, 'otp_unavailable');
    expect(subscriptions_created).toEqual([]);
    // A route OTP does not guard answers the generic retryable code.
    await expectError(
      await call('GET', '/v1/webhooks/subscriptions', bearer),
      503,
      'service_unavailable',
    );
  });
});
