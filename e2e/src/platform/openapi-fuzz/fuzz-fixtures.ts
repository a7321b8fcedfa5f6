import {
  identityClient,
  payinsClient,
  uniqueEmail,
  type IdentityClient,
  type PayinsClient,
  type Target,
} from '../../clients';
import type { FuzzFixtures } from './requests';

interface Credentials {
  session: string;
  api_key: string;
  api_key_raw: string;
  org_admin: string;
}

/**
 * The fuzzer's world: a verified company account with a session and an API key, an organization
 * admin of `demo`, and one real object of each kind the paths name, so that generated requests
 * also reach existing records. A credential the fuzzer itself revoked (its requests may end
 * sessions or revoke keys) is made again by `heal`.
 */
export class FuzzWorld {
  readonly api: PayinsClient;
  private readonly identity: IdentityClient;
  private credentials: Credentials = { session: '', api_key: '', api_key_raw: '', org_admin: '' };
  readonly ids_by_segment: Record<string, string[]> = {};

  constructor(target: Target) {
    this.api = payinsClient(target);
    this.identity = identityClient(target);
  }

  fixtures(): FuzzFixtures {
    return {
      credentials: () => ({ ...this.credentials }),
      ids_by_segment: this.ids_by_segment,
    };
  }

  async setUp(): Promise<void> {
    await this.newOwner();
    await this.newOrgAdmin();
    await this.makeRecords();
  }

  /** Makes again any credential that no longer works. */
  async heal(): Promise<void> {
    if (!(await this.works(this.credentials.session))) await this.newOwner();
    else if (!(await this.works(this.credentials.api_key))) await this.newApiKey();
    if (!(await this.works(this.credentials.org_admin, '/v1/org/accounts'))) {
      await this.newOrgAdmin();
    }
  }

  private async works(authorization: string, route = '/v1/me'): Promise<boolean> {
    const answer = await this.api.request('GET', route, { headers: { authorization } });
    return answer.status === 200;
  }

  private async newOwner(): Promise<void> {
    const owner = await this.api.account('fuzz-owner');
    this.credentials.session = `Bearer ${owner.access_token}`;
    this.remember('payins-owner', owner.account_id);
    await this.newApiKey();
  }

  private async newApiKey(): Promise<void> {
    const issued = await this.call('POST', '/v1/api-keys', { label: 'fuzz' });
    this.credentials.api_key_raw = issued.token as string;
    this.credentials.api_key = `Bearer ${issued.token as string}`;
  }

  private async newOrgAdmin(): Promise<void> {
    const { session } = await this.identity.newOrgAdmin('demo', uniqueEmail('fuzz-admin'));
    this.credentials.org_admin = `Bearer ${session.access_token}`;
  }

  /** One record of each kind the document's paths name, its id kept by its path segment. */
  private async makeRecords(): Promise<void> {
    const bank = await this.call('POST', '/v1/payins', {
      method: 'bank_transfer',
      country: 'MX',
      currency: 'MXN',
      amount: '100.00',
    });
    this.remember('payins', bank.payin_id);
    const link = await this.call('POST', '/v1/payins', {
      method: 'checkout',
      amount: '10.000000',
      settlement_asset: 'USDT',
      expires_in: 3600,
    });
    this.remember('pay', new URL(link.checkout_url).pathname.split('/').pop()!);
    this.remember('payins', link.payin_id);
    const card = await this.call('POST', '/v1/payins', {
      method: 'card',
      country: 'US',
      currency: 'USD',
      amount: '25.00',
      customer: { name: 'Ana', email: 'ana@example.com' },
    });
    this.remember('card', new URL(card.payment_url).pathname.split('/').pop()!);
    this.remember('payins', card.payin_id);
    const payout = await this.call('POST', '/v1/payouts', {
      country: 'BR',
      currency: 'BRL',
      method: 'pix',
      amount: '10.00',
      idempotency_key: 'fuzz-payout',
      beneficiary: { name: 'Ana Silva', account_number: 'ana@example.com' },
    });
    this.remember('payouts', payout.payout_id);
    const swap = await this.call('POST', '/v1/swaps', {
      from_asset: 'USD',
      to_asset: 'USDT',
      amount: '1.00',
      idempotency_key: 'fuzz-swap',
    });
    this.remember('swaps', swap.swap_id);
    const subscription = await this.call('POST', '/v1/webhooks/subscriptions', {
      event_type: 'payout_status_changed',
      callback_url: 'https://example.com/hook',
      secret: 'a-secret-of-32-characters-at-least',
    });
    this.remember('subscriptions', subscription.id);
    const deposit = await this.call('POST', '/v1/payins/deposit-accounts', {
      country: 'MX',
      currency: 'MXN',
      purpose: 'fondeo',
    });
    this.remember('deposit-accounts', deposit.deposit_account_id);
    const keys = await this.call('GET', '/v1/api-keys');
    for (const key of keys.api_keys ?? []) this.remember('api-keys', key.api_key_id);
    this.remember('methods', 'bank_transfer', 'qr', 'card', 'fintoc', 'c2p');
    this.remember('social', 'google', 'apple', 'microsoft', 'facebook');
    this.remember('identities', 'google', 'apple');
  }

  private remember(segment: string, ...values: string[]): void {
    (this.ids_by_segment[segment] ??= []).push(...values.filter(Boolean));
  }

  private async call(method: string, route: string, body?: unknown): Promise<any> {
    const answer = await this.api.request(method, route, {
      body,
      headers: { authorization: this.credentials.session },
    });
    if (answer.status >= 300) throw new Error(`${method} ${route}: ${answer.text}`);
    return answer.body;
  }
}
