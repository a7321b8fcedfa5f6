/**
 * Quickstart: opens a sandbox account, reads its balances, sends a payout with an idempotency key
 * (and sends it again, which answers the same payout) and lists the account's payouts.
 *
 *   npm start                                # the sandbox on http://127.0.0.1:8080
 *   npm run build && PLATFORM_URL=http://127.0.0.1:8080 node dist/docs/examples/quickstart.js
 *
 * The sandbox accepts `000000` for every emailed code, so the registration is confirmed at once;
 * new sandbox accounts come with simulated funds.
 */
import { randomUUID } from 'node:crypto';
import { ApiError, createClient, dataOf } from '@platform/sdk';

const BASE_URL = process.env.PLATFORM_URL ?? 'http://127.0.0.1:8080';
/** The organization the account joins; the sandbox has a `demo` one. */
const ORGANIZATION = process.env.PLATFORM_ORG ?? 'demo';
/** The sandbox's code for every verification (`test` environment only). */
const SANDBOX_CODE = '000000';

/** Registers a person and confirms the email: the access token of the first session. */
async function openSandboxAccount(): Promise<{ account_id: string; access_token: string }> {
  const anonymous = createClient({ baseUrl: BASE_URL, environment: 'test' });
  const email = `quickstart-${randomUUID()}@example.com`;
  await dataOf(
    anonymous.POST('/v1/auth/register', {
      body: {
        org: ORGANIZATION,
        type: 'person',
        email,
        password: `quickstart ${randomUUID()}`,
        display_name: 'Quickstart User',
        country: 'US',
      },
    }),
  );
  const session = await dataOf(
    anonymous.POST('/v1/auth/register/confirm', {
      body: { org: ORGANIZATION, email, code: SANDBOX_CODE },
    }),
  );
  return { account_id: session.account.id, access_token: session.access_token };
}

async function main(): Promise<void> {
  const { account_id, access_token } = await openSandboxAccount();
  console.log(`account ${account_id}`);
  const client = createClient({
    baseUrl: BASE_URL,
    accessToken: access_token,
    environment: 'test',
  });

  const { balances } = await dataOf(client.GET('/v1/balances'));
  for (const { asset, available } of balances) console.log(`balance ${asset} ${available}`);

  // One key per payout you mean to make: sending it again (a timeout, a crash) never pays twice.
  const payout_request = {
    body: {
      country: 'BR',
      currency: 'BRL',
      method: 'pix',
      amount: '27.00',
      beneficiary: { name: 'Ana Silva', account_number: 'ana@example.com' },
    },
    headers: { 'Idempotency-Key': `quickstart-${randomUUID()}` },
  };
  const payout = await dataOf(client.POST('/v1/payouts', payout_request));
  console.log(`payout ${payout.payout_id} ${payout.status}`);
  const again = await dataOf(client.POST('/v1/payouts', payout_request));
  console.log(`payout replayed ${again.payout_id === payout.payout_id ? 'same' : 'different'}`);

  const { payouts } = await dataOf(client.GET('/v1/payouts'));
  for (const each of payouts) console.log(`listed payout ${each.payout_id} ${each.status}`);
}

main().catch((error: unknown) => {
  if (error instanceof ApiError)
    console.error(`${error.status} ${error.code}: ${error.message} (request ${error.request_id})`);
  else console.error(error);
  process.exitCode = 1;
});
