import { eventually, type Target } from './http';
import { cardPayin, payinsClient, type HttpAnswer } from './payins';

type Bearer = { access_token: string };

/**
 * Subscriptions (recurring charges of a stored card) over HTTP, with the payins client for the
 * stored card they charge.
 */
export function subscriptionsClient(target: Target) {
  const payins = payinsClient(target);
  const { request } = payins;

  /** A verified account with a stored card: a paid card payin saved it. */
  const accountWithCard = async (label: string) => {
    const account = await payins.account(label);
    const saving = await payins.create(account, cardPayin({ save_card: true }));
    if (saving.status !== 201) throw new Error(`card payin: ${saving.text}`);
    await payins.submitCardPage(saving.body.payment_url as string);
    const paid = await payins.awaitSettled(account, saving.body.payin_id as string);
    if (!paid.instrument_id) throw new Error(`no stored card: ${JSON.stringify(paid)}`);
    return { ...account, card_id: paid.instrument_id as string };
  };

  const create = (
    account: Bearer,
    body: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<HttpAnswer> =>
    request('POST', '/v1/subscriptions', { token: account.access_token, body, headers });

  const get = (account: Bearer, subscription_id: string) =>
    request('GET', `/v1/subscriptions/${subscription_id}`, { token: account.access_token });

  const list = (account: Bearer, query = '') =>
    request('GET', `/v1/subscriptions${query}`, { token: account.access_token });

  const charges = (account: Bearer, subscription_id: string) =>
    request('GET', `/v1/subscriptions/${subscription_id}/charges`, {
      token: account.access_token,
    });

  const change = (
    account: Bearer,
    subscription_id: string,
    action: 'pause' | 'resume' | 'cancel',
  ) =>
    request('POST', `/v1/subscriptions/${subscription_id}/${action}`, {
      token: account.access_token,
    });

  /** The sandbox charges the next period now. */
  const advance = (account: Bearer, subscription_id: string) =>
    request('POST', `/v1/sandbox/subscriptions/${subscription_id}/advance`, {
      token: account.access_token,
    });

  /** The subscription's charges once there are `count` of them (the job queue runs them). */
  const awaitCharges = (account: Bearer, subscription_id: string, count: number) =>
    eventually(
      async () => (await charges(account, subscription_id)).body.charges as Record<string, any>[],
      (listed) => listed.length >= count,
    );

  return {
    payins,
    accountWithCard,
    create,
    get,
    list,
    charges,
    change,
    advance,
    awaitCharges,
  };
}

export type SubscriptionsClient = ReturnType<typeof subscriptionsClient>;
