import { openAccount, type TestAccount } from './accounts';
import { eventually, http, json, type Target } from './http';

/** A screening as `POST /v1/aml/screenings` and `GET /v1/aml/screenings/{id}` answer it (D8). */
export interface AmlScreeningBody {
  screening_id: string;
  status: 'clear' | 'potential_match' | 'match';
  subject: Record<string, unknown>;
  matches: { list: string; name: string; score: number; reasons: string[] }[];
  monitoring: boolean;
  created_at: string;
  updated_at: string;
}

type Caller = Pick<TestAccount, 'headers'>;

/** A person subject named `name`; `overrides` replace its fields. */
export const amlPerson = (name: string, overrides: Record<string, unknown> = {}) => ({
  type: 'person',
  name,
  country: 'BO',
  ...overrides,
});

let key_counter = 0;
/** An idempotency key no other call uses. */
export const amlKey = (label = 'aml') => `${label}-${Date.now()}-${++key_counter}`;

/** The AML routes (decisions D8). */
export function amlClient(target: Target) {
  const client = http(target);

  const register = (label = 'aml'): Promise<TestAccount> =>
    openAccount(client, { label, registration: { org: 'demo', locale: 'en' } });

  /** `POST /v1/aml/screenings` as sent: the raw response, for status and error checks. */
  const screenRaw = (caller: Caller, body: unknown) =>
    client.request('POST', '/v1/aml/screenings', { headers: caller.headers, body });

  /** A screening of `subject` under a fresh key (or `key`), expecting 201. */
  const screen = async (caller: Caller, subject: Record<string, unknown>, key = amlKey()) =>
    json<AmlScreeningBody>(await screenRaw(caller, { idempotency_key: key, subject }), 201);

  const get = (caller: Caller, screening_id: string) =>
    client.request('GET', `/v1/aml/screenings/${screening_id}`, { headers: caller.headers });

  const list = async (caller: Caller, query = '') =>
    json<{ page: number; page_size: number; screenings: AmlScreeningBody[] }>(
      await client.request('GET', `/v1/aml/screenings${query}`, { headers: caller.headers }),
      200,
    );

  const rescreen = (caller: Caller, body: unknown) =>
    client.request('POST', '/v1/aml/rescreen', { headers: caller.headers, body });

  const monitoring = (caller: Caller, body: unknown) =>
    client.request('PATCH', '/v1/aml/monitoring', { headers: caller.headers, body });

  const cities = (caller: Caller, query: string) =>
    client.request('GET', `/v1/aml/catalogs/cities${query}`, { headers: caller.headers });

  const report = (caller: Caller, screening_id: string, query = '') =>
    client.request('GET', `/v1/aml/screenings/${screening_id}/report${query}`, {
      headers: caller.headers,
    });

  /** Reads the screening until `done` holds. */
  const awaitScreening = (
    caller: Caller,
    screening_id: string,
    done: (screening: AmlScreeningBody) => boolean,
  ) =>
    eventually(async () => json<AmlScreeningBody>(await get(caller, screening_id), 200), done, {
      attempts: 600,
      poll_ms: 50,
    });

  return {
    request: client.request,
    register,
    screenRaw,
    screen,
    get,
    list,
    rescreen,
    monitoring,
    cities,
    report,
    awaitScreening,
  };
}

export type AmlClient = ReturnType<typeof amlClient>;
