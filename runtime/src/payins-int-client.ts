import { TEST_OPERATOR_TOKEN, type TestPlatform } from './test-platform';

/**
 * The HTTP helpers the integration suites still in runtime/src share (input hardening, the
 * OpenAPI fuzzer, live payouts). The payins suites moved to e2e/src/payins and its client: this
 * file goes once its last importers have moved too.
 */

export interface HttpAnswer<T = Record<string, any>> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

export interface PayinsClient {
  base_url: string;
  request<T = Record<string, any>>(
    method: string,
    route: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<HttpAnswer<T>>;
  /** A confirmed test account (kyc approved): its access token and id. */
  account(
    label: string,
    type?: 'company' | 'person',
  ): Promise<{ token: string; account_id: string }>;
  /** Polls `read` until `done` holds; never asserts on time, only gives up after many tries. */
  eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T>;
  /** Nothing to release: kept while callers still close the client. */
  close(): Promise<void>;
}

const PASSWORD = 'correct horse battery';
let counter = 0;

export function payinsClient(platform: TestPlatform, environment: 'test' | 'live' = 'test') {
  const running = platform.environments[environment];

  const request: PayinsClient['request'] = async (method, route, options = {}) => {
    const response = await fetch(`${running.base_url}${route}`, {
      method,
      headers: {
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    });
    const text = await response.text();
    let body: any = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    return { status: response.status, body, text, headers: response.headers };
  };

  const confirmCode = async (email: string): Promise<string> => {
    if (environment === 'test') return '000000';
    const mailbox = await request<{ messages: { recipient: string; body: string }[] }>(
      'GET',
      '/admin/v1/mailbox?limit=1000',
      { headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` } },
    );
    const message = mailbox.body.messages.find((entry) => entry.recipient === email);
    const code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1];
    if (!code) throw new Error(`no code mailed to ${email}`);
    return code;
  };

  const client: PayinsClient = {
    base_url: running.base_url,
    request,
    async account(label, type = 'company') {
      const email = `${label}-${Date.now()}-${++counter}@example.com`;
      const registered = await request('POST', '/v1/auth/register', {
        body: {
          org: 'demo',
          type,
          email,
          password: PASSWORD,
          display_name: 'Payins Test Co',
          country: 'US',
        },
      });
      if (registered.status !== 201) throw new Error(`register: ${registered.text}`);
      const confirmed = await request('POST', '/v1/auth/register/confirm', {
        body: { org: 'demo', email, code: await confirmCode(email) },
      });
      if (confirmed.status !== 200) throw new Error(`confirm: ${confirmed.text}`);
      const token = confirmed.body.access_token as string;
      const me = await request('GET', '/v1/me', { token });
      return { token, account_id: me.body.id as string };
    },
    async eventually(read, done) {
      for (let attempt = 0; attempt < 400; attempt += 1) {
        const value = await read();
        if (done(value)) return value;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('the expected state was never reached');
    },
    close: async () => undefined,
  };
  return client;
}
