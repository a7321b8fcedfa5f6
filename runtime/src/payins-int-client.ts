import { LEDGER_COMMANDS } from '@platform/contracts';
import { inflateSync } from 'node:zlib';
import type { Pool } from 'pg';
import { PgEventStore } from '@platform/event-store';
import { createPool } from '@platform/persistence';
import { TEST_OPERATOR_TOKEN, type TestPlatform } from './test-platform';

/** HTTP and inspection helpers shared by the payins integration suites. */

export interface HttpAnswer<T = Record<string, any>> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

export interface PayinsClient {
  base_url: string;
  pool: Pool;
  store: PgEventStore;
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
  /** The ledger movements of a payin (`reference_id`), once the projection shows `count`. */
  movementsOf(
    account_id: string,
    reference_id: string,
    count: number,
  ): Promise<{ asset: string; amount: string; kind: string }[]>;
  eventsOf(payin_id: string): Promise<{ type: string; data: Record<string, unknown> }[]>;
  /** Moves a payin's expiry (the sandbox's way to let time pass). */
  setExpiry(payin_id: string, expires_at: Date): Promise<void>;
  close(): Promise<void>;
}

const PASSWORD = 'correct horse battery';
let counter = 0;

export function payinsClient(platform: TestPlatform, environment: 'test' | 'live' = 'test') {
  const running = platform.environments[environment];
  const pool = createPool({ url: running.database_url, schema: 'payins', max_connections: 3 });
  const store = new PgEventStore(pool, { schema: 'payins_events', environment });

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
    pool,
    store,
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
    async movementsOf(account_id, reference_id, count) {
      const read = async () => {
        const reply = (await running.bus.request(LEDGER_COMMANDS.list_movements.name, {
          account_id,
          page_size: 100,
        })) as {
          ok: boolean;
          value: {
            movements: { asset: string; amount: string; kind: string; reference_id: string }[];
          };
        };
        if (!reply.ok) throw new Error('ledger.list_movements failed');
        return reply.value.movements
          .filter((movement) => movement.reference_id === reference_id)
          .map(({ asset, amount, kind }) => ({ asset, amount, kind }))
          .reverse();
      };
      return client.eventually(read, (movements) => movements.length >= count);
    },
    async eventsOf(payin_id) {
      const events = await store.readStream(`payin-${payin_id}`);
      return events.map((event) => ({
        type: event.type,
        data: event.data as Record<string, unknown>,
      }));
    },
    async setExpiry(payin_id, expires_at) {
      await pool.query('update payins set expires_at = $2 where payin_id = $1', [
        payin_id,
        expires_at,
      ]);
    },
    close: () => pool.end(),
  };
  return client;
}

/**
 * The text a PDF drawn in pdfkit's standard (WinAnsi) fonts shows: its content streams inflated
 * and the hex strings of their text operators decoded, one line per operator. Enough to check
 * what an English or Spanish document says.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const operator of content.matchAll(/\[(.*?)\]\s*TJ/g)) {
      const hex = [...(operator[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((part) => part[1]);
      lines.push(Buffer.from(hex.join(''), 'hex').toString('latin1'));
    }
  }
  return lines.join('\n');
}
