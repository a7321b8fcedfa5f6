/**
 * What every benchmark does before it measures: POST JSON to the platform's gateway and open one
 * confirmed sandbox company account (the demo organization's code `000000` confirms it, D5).
 */

export const BENCH_PASSWORD = 'correct horse battery';

/** The answer's JSON, or a thrown error naming the status and body. */
export async function expectOk(response: Response): Promise<Record<string, any>> {
  const body = (await response.json()) as Record<string, any>;
  if (!response.ok) throw new Error(`${response.status} ${JSON.stringify(body)}`);
  return body;
}

export type Post = (
  route: string,
  body: unknown,
  headers?: Record<string, string>,
) => Promise<Response>;

/** POSTs JSON to `base_url`. */
export function poster(base_url: string): Post {
  return (route, body, headers = {}) =>
    fetch(`${base_url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
}

/** A new confirmed company account: its email and the `Authorization` header of its session. */
export async function openBenchAccount(
  post: Post,
): Promise<{ email: string; auth: Record<string, string> }> {
  const email = `bench-${Date.now()}@example.com`;
  await expectOk(
    await post('/v1/auth/register', {
      org: 'demo',
      type: 'company',
      email,
      password: BENCH_PASSWORD,
      display_name: 'Bench Co',
    }),
  );
  const session = await expectOk(
    await post('/v1/auth/register/confirm', { org: 'demo', email, code: '000000' }),
  );
  return { email, auth: { authorization: `Bearer ${session.access_token as string}` } };
}
