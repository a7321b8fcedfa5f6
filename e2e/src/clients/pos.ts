import type { Target } from './http';
import { payinsClient, type HttpAnswer } from './payins';

type Bearer = { access_token: string };

/** POS charges over HTTP: the sandbox terminal processor, listings, summary and refunds. */
export function posClient(target: Target) {
  const payins = payinsClient(target);
  const { request } = payins;

  const charge = (account: Bearer, body: Record<string, unknown>): Promise<HttpAnswer> =>
    request('POST', '/v1/sandbox/pos/charges', { token: account.access_token, body });

  const disableTerminal = (account: Bearer, terminal_id: string) =>
    request('POST', `/v1/sandbox/pos/terminals/${terminal_id}/disable`, {
      token: account.access_token,
    });

  const get = (account: Bearer, charge_id: string) =>
    request('GET', `/v1/pos/charges/${charge_id}`, { token: account.access_token });

  const list = (account: Bearer, query = '') =>
    request('GET', `/v1/pos/charges${query}`, { token: account.access_token });

  const summary = (account: Bearer, query = '') =>
    request('GET', `/v1/pos/summary${query}`, { token: account.access_token });

  const refund = (
    account: Bearer,
    charge_id: string,
    body: Record<string, unknown>,
    headers?: Record<string, string>,
  ) =>
    request('POST', `/v1/pos/charges/${charge_id}/refund`, {
      token: account.access_token,
      body,
      headers,
    });

  return { payins, charge, disableTerminal, get, list, summary, refund };
}

export type PosClient = ReturnType<typeof posClient>;
