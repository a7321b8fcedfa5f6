import { authenticator } from 'otplib';
import { TEST_OPERATOR_TOKEN } from './test-platform';

/** Client helpers of identity-otp.int.spec.ts: the platform driven over HTTP, as a client would. */

export interface Session {
  access_token: string;
  role: string;
  account?: { id: string };
}

export interface MailboxMessage {
  recipient: string;
  body: string;
}

export interface ErrorBody {
  error: string;
  message: string;
}

export const PASSWORD = 'correct horse battery';

/** The authenticator app's code of the next 30-second step, inside the accepted drift window. */
export function nextAppCode(secret: string): string {
  return authenticator.clone({ epoch: Date.now() + 30_000 }).generate(secret);
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
export const operator = bearer(TEST_OPERATOR_TOKEN);

export async function expectError(response: Response, status: number, error: string) {
  const body = (await response.json()) as ErrorBody;
  expect({ status: response.status, error: body.error }).toEqual({ status, error });
  expect(body.message).toEqual(expect.any(String));
}

export type OtpFixtures = ReturnType<typeof otpFixtures>;

/** Requests against one environment's gateway. */
export function otpFixtures(base_url: string) {
  let counter = 0;
  const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.com`;

  const call = (
    method: string,
    route: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    fetch(`${base_url}${route}`, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const post = (route: string, body?: unknown, headers: Record<string, string> = {}) =>
    call('POST', route, body, headers);

  const mailboxFor = async (recipient: string): Promise<MailboxMessage[]> => {
    const response = await fetch(`${base_url}/admin/v1/mailbox?limit=1000`, { headers: operator });
    const { messages } = (await response.json()) as { messages: MailboxMessage[] };
    return messages.filter((message) => message.recipient === recipient);
  };

  /** The code of the newest message to the recipient; '' when none has one. */
  const latestCode = async (recipient: string): Promise<string> => {
    const [latest] = await mailboxFor(recipient);
    return /\b(\d{6})\b/.exec(latest?.body ?? '')?.[1] ?? '';
  };

  /** A confirmed company account: with the D3 sandbox code, or the mailed one (live). */
  const register = async (
    org: string,
    email: string,
    extra: Record<string, unknown> = {},
    { mailed_code = false } = {},
  ): Promise<Session> => {
    const registration = {
      org,
      type: 'company',
      email,
      password: PASSWORD,
      display_name: 'Analytical Engines',
      ...extra,
    };
    expect((await post('/v1/auth/register', registration)).status).toBe(201);
    const code = mailed_code ? await latestCode(email) : '000000';
    const confirmed = await post('/v1/auth/register/confirm', { org, email, code });
    expect(confirmed.status).toBe(200);
    return (await confirmed.json()) as Session;
  };

  const challenge = (token: string, action: string, channel?: string) =>
    post('/v1/otp/challenges', channel ? { action, channel } : { action }, bearer(token));

  /** A verified challenge's token, using the D3 sandbox code. */
  const otpToken = async (token: string, action: string): Promise<string> => {
    const created = await challenge(token, action);
    expect(created.status).toBe(201);
    const { challenge_id } = (await created.json()) as { challenge_id: string };
    const verified = await post(
      `/v1/otp/challenges/${challenge_id}/verify`,
      { code: '000000' },
      bearer(token),
    );
    expect(verified.status).toBe(200);
    return ((await verified.json()) as { otp_token: string }).otp_token;
  };

  const setPolicy = async (org: string, policy: Record<string, unknown>) => {
    const route = `/admin/v1/organizations/${org}/otp-policy`;
    expect((await call('PUT', route, policy, operator)).status).toBe(200);
  };

  return {
    uniqueEmail,
    call,
    post,
    mailboxFor,
    latestCode,
    register,
    challenge,
    otpToken,
    setPolicy,
  };
}
