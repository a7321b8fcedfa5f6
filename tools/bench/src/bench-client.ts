import { fork } from 'node:child_process';
import path from 'node:path';

/**
 * What every benchmark does before it measures: POST JSON to the platform's gateway and open one
 * confirmed sandbox company account (the demo organization's code `000000` confirms it, D5); and
 * what its load generators share: a JSON call, and running one in a process of its own.
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

/** A JSON request to a target; a refusal throws, naming the route, status and body. */
export async function callJson(
  target: { base_url: string; headers: Record<string, string> },
  method: string,
  route: string,
  body?: unknown,
): Promise<Record<string, any>> {
  const response = await fetch(`${target.base_url}${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...target.headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, any>;
  if (!response.ok)
    throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * Runs the load generator `script` (beside this file) in its own process with `plan`, so that
 * its client work is not counted against the server it measures; answers what it sends back.
 */
export function forkLoad<Plan, Result>(script: string, plan: Plan): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(__dirname, script), [JSON.stringify(plan)]);
    child.once('message', (message: { ok: boolean; result?: Result; error?: string }) => {
      child.kill();
      if (message.ok && message.result) resolve(message.result);
      else reject(new Error(message.error ?? 'the load generator failed'));
    });
    child.once('exit', (code) => {
      if (code !== 0 && code !== null) reject(new Error(`load generator exited ${code}`));
    });
  });
}
