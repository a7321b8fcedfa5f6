import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface AdminTarget {
  base_url: string;
  token: string;
}

/**
 * Where the operator's commands go: the environment's gateway, with the operator token from
 * OPERATOR_TOKEN or, on the machine running the all-in-one runtime, `<DATA_DIR>/<env>/operator-token`.
 */
export function adminTarget(options: {
  env: 'test' | 'live';
  url?: string;
  dataDir?: string;
}): AdminTarget {
  const base_url = options.url ?? `http://127.0.0.1:${options.env === 'live' ? 8081 : 8080}`;
  const token =
    process.env.OPERATOR_TOKEN ??
    readFileSync(
      path.join(options.dataDir ?? process.env.DATA_DIR ?? '.data', options.env, 'operator-token'),
      'utf8',
    ).trim();
  return { base_url, token };
}

export async function adminCall(
  target: AdminTarget,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  route: string,
  body?: unknown,
): Promise<unknown> {
  const response = await fetch(`${target.base_url}${route}`, {
    method,
    headers: {
      authorization: `Bearer ${target.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = (await response.json()) as { error?: string; message?: string };
  if (!response.ok)
    throw new Error(`${payload.error ?? response.status}: ${payload.message ?? 'request failed'}`);
  return payload;
}
