import { DELIVERY_WAIT, hookEvent, type PublicEvent, type WebhookReceiver } from './events';
import { eventually, http, json, type Target } from './http';
import type { TestAccount } from './accounts';

type Body = Record<string, any>;

/**
 * The credit-scoring watch routes (monitoring, disputes, fraud reports, index) and the sandbox
 * bureau, called as an account.
 */
export function riskWatchClient(target: Target) {
  const api = http(target);
  const call = (account: TestAccount, method: string, route: string, body?: unknown) =>
    api.request(method, route, { token: account.access_token, body });

  /** A report of an AR company (no consent needed), answered 201. */
  const companyReport = async (account: TestAccount, doc_id: string) =>
    json<Body>(
      await call(account, 'POST', '/v1/qscore/reports', {
        country: 'AR',
        doc_id,
        subject_type: 'company',
        purpose: 'supplier_onboarding',
      }),
      201,
    );

  /** The sandbox bureau's score of an AR document id from now on. */
  const setBureauScore = async (account: TestAccount, doc_id: string, score: number) =>
    json(
      await call(account, 'POST', `/v1/sandbox/qscore/subjects/${doc_id}/score`, {
        score,
        country: 'AR',
      }),
      200,
    );

  return {
    api,
    call,
    companyReport,
    setBureauScore,
    monitoringRoute: (doc_id: string, query = '?country=AR') =>
      `/v1/qscore/subjects/${doc_id}/monitoring${query}`,
    disputesRoute: (doc_id: string, query = '') => `/v1/qscore/subjects/${doc_id}/disputes${query}`,
  };
}

/** Waits for `count` public events of `type` whose data matches, among those `source` holds. */
export function awaitEvents(
  source: () => PublicEvent[],
  type: string,
  match: (data: Body) => boolean,
  count = 1,
) {
  return eventually(
    async () => source().filter((event) => event.type === type && match(event.data)),
    (found) => found.length >= count,
    DELIVERY_WAIT,
  );
}

/** The public events a webhook receiver got. */
export const receivedEvents = (receiver: WebhookReceiver) => () => receiver.received.map(hookEvent);
