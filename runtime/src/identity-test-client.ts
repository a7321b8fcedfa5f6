import { TEST_OPERATOR_TOKEN } from './test-platform';

/** A session as login and register confirm answer it. */
export interface TestSession {
  access_token: string;
  refresh_token: string;
  role: string;
  account_id?: string;
  account?: { id: string } & Record<string, unknown>;
}

export interface MailboxMessage {
  recipient: string;
  subject: string | null;
  body: string;
  account_id: string | null;
}

export const TEST_PASSWORD = 'correct horse battery';

let email_counter = 0;

/** An email no other test uses. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${++email_counter}@example.com`;
}

/** The session id (`sid`) an access token carries, as `DELETE /v1/me/sessions/{id}` takes it. */
export function sessionIdOf(access_token: string): string {
  const payload = access_token.split('.')[1] ?? '';
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sid: string }).sid;
}

/** An HTTP client of one environment of a test platform, for identity's integration suites. */
export function identityClient(base_url: string) {
  const request = (
    method: string,
    route: string,
    options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) =>
    fetch(`${base_url}${route}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });

  const json = async <T = Record<string, unknown>>(response: Response): Promise<T> =>
    (await response.json()) as T;

  const register = (email: string, overrides: Record<string, unknown> = {}) =>
    request('POST', '/v1/auth/register', {
      body: {
        org: 'demo',
        type: 'person',
        email,
        password: TEST_PASSWORD,
        display_name: 'Ada Lovelace',
        country: 'US',
        ...overrides,
      },
    });

  const registerAndConfirm = async (
    email: string,
    overrides: Record<string, unknown> = {},
  ): Promise<TestSession> => {
    const registered = await register(email, overrides);
    if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
    const confirmed = await request('POST', '/v1/auth/register/confirm', {
      body: { org: 'demo', email, code: '000000' },
    });
    if (confirmed.status !== 200) throw new Error(`confirm answered ${confirmed.status}`);
    return json<TestSession>(confirmed);
  };

  const login = (email: string, password = TEST_PASSWORD, org = 'demo') =>
    request('POST', '/v1/auth/login', { body: { org, email, password } });

  const loginSession = async (email: string, password = TEST_PASSWORD): Promise<TestSession> => {
    const response = await login(email, password);
    if (response.status !== 200) throw new Error(`login answered ${response.status}`);
    return json<TestSession>(response);
  };

  /** A company account with an owner and, per role given, one member who signed in. */
  const companyWithMembers = async (roles: string[]) => {
    const owner_email = uniqueEmail('owner');
    const owner = await registerAndConfirm(owner_email, { type: 'company' });
    const members: Record<string, { email: string; id: string; session: TestSession }> = {};
    for (const role of roles) {
      const email = uniqueEmail(role);
      const created = await request('POST', '/v1/members', {
        token: owner.access_token,
        body: { email, password: TEST_PASSWORD, role },
      });
      if (created.status !== 201) throw new Error(`member create answered ${created.status}`);
      const { id } = await json<{ id: string }>(created);
      members[role] = { email, id, session: await loginSession(email) };
    }
    return { owner, owner_email, members };
  };

  const issueApiKey = async (token: string): Promise<string> => {
    const response = await request('POST', '/v1/api-keys', { token, body: { label: 'test' } });
    if (response.status !== 201) throw new Error(`api key issue answered ${response.status}`);
    return (await json<{ token: string }>(response)).token;
  };

  /**
   * Spec §5 rule 9: verifies an OTP challenge in the session (the D3 sandbox code), which makes
   * it a session with 2FA, as routes answering `human_session_required` need.
   */
  const withSecondFactor = async (token: string): Promise<void> => {
    const created = await request('POST', '/v1/otp/challenges', {
      token,
      body: { action: 'password.change' },
    });
    if (created.status !== 201) throw new Error(`challenge answered ${created.status}`);
    const { challenge_id } = await json<{ challenge_id: string }>(created);
    const verified = await request('POST', `/v1/otp/challenges/${challenge_id}/verify`, {
      token,
      body: { code: '000000' },
    });
    if (verified.status !== 200) throw new Error(`verify answered ${verified.status}`);
  };

  /** Every message the platform kept for an address, newest first (operator mailbox). */
  const mailboxFor = async (email: string): Promise<MailboxMessage[]> => {
    const response = await request('GET', '/admin/v1/mailbox?limit=1000', {
      token: TEST_OPERATOR_TOKEN,
    });
    const { messages } = await json<{ messages: MailboxMessage[] }>(response);
    return messages.filter((message) => message.recipient === email);
  };

  return {
    request,
    json,
    register,
    registerAndConfirm,
    login,
    loginSession,
    companyWithMembers,
    issueApiKey,
    withSecondFactor,
    mailboxFor,
  };
}

export type IdentityClient = ReturnType<typeof identityClient>;

/** `{error, message}` with the given code. */
export async function expectError(response: Response, status: number, error: string) {
  const body: unknown = await response.json();
  expect({ status: response.status, body }).toEqual({
    status,
    body: { error, message: expect.any(String) },
  });
}
