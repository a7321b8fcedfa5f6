import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type {
  PublicEventType,
  WebhookDelivery,
  WebhookSubscription,
  WebhookSubscriptionStatus,
} from '@platform/contracts';
import { SERVICE_POOL } from '@platform/runtime';
import type { SealedSecret } from './secret-cipher';

interface SubscriptionRow {
  subscription_id: string;
  account_id: string;
  org_id: string | null;
  event_type: PublicEventType | '*';
  callback_url: string;
  secret_ciphertext: Buffer;
  secret_nonce: Buffer;
  secret_auth_tag: Buffer;
  status: WebhookSubscriptionStatus;
  created_at: Date;
}

interface DeliveryRow {
  delivery_id: string;
  event_id: string;
  event_type: string;
  attempt: number;
  manual: boolean;
  status: 'succeeded' | 'failed';
  response_status: number | null;
  failure: string | null;
  duration_ms: number;
  attempted_at: Date;
}

/** A subscription with its sealed secret: only the dispatcher opens it. */
export interface StoredSubscription extends WebhookSubscription {
  account_id: string;
  sealed_secret: SealedSecret;
}

function toStored(row: SubscriptionRow): StoredSubscription {
  return {
    id: row.subscription_id,
    account_id: row.account_id,
    event_type: row.event_type,
    callback_url: row.callback_url,
    status: row.status,
    created_at: row.created_at.toISOString(),
    sealed_secret: {
      ciphertext: row.secret_ciphertext,
      nonce: row.secret_nonce,
      auth_tag: row.secret_auth_tag,
    },
  };
}

/** The public view: the secret is write-only (spec section 2). */
export function publicSubscription(stored: StoredSubscription): WebhookSubscription {
  return {
    id: stored.id,
    event_type: stored.event_type,
    callback_url: stored.callback_url,
    status: stored.status,
    created_at: stored.created_at,
  };
}

@Injectable()
export class WebhookSubscriptionsRepository {
  constructor(@Inject(SERVICE_POOL) private readonly pool: Pool) {}

  async insert(subscription: {
    id: string;
    account_id: string;
    org_id: string | null;
    event_type: PublicEventType | '*';
    callback_url: string;
    sealed_secret: SealedSecret;
  }): Promise<StoredSubscription> {
    const { rows } = await this.pool.query<SubscriptionRow>(
      `insert into webhook_subscriptions (subscription_id, account_id, org_id, event_type,
         callback_url, secret_ciphertext, secret_nonce, secret_auth_tag, status)
       values ($1, $2, $3, $4, $5, $6, $7, $8, 'active') returning *`,
      [
        subscription.id,
        subscription.account_id,
        subscription.org_id,
        subscription.event_type,
        subscription.callback_url,
        subscription.sealed_secret.ciphertext,
        subscription.sealed_secret.nonce,
        subscription.sealed_secret.auth_tag,
      ],
    );
    return toStored(rows[0] as SubscriptionRow);
  }

  async list(account_id: string, limit: number, offset: number): Promise<StoredSubscription[]> {
    const { rows } = await this.pool.query<SubscriptionRow>(
      `select * from webhook_subscriptions where account_id = $1
       order by created_at desc, subscription_id desc limit $2 offset $3`,
      [account_id, limit, offset],
    );
    return rows.map(toStored);
  }

  /** One account's subscription; another account's is absent (spec: 404). */
  async find(account_id: string, subscription_id: string): Promise<StoredSubscription | null> {
    const { rows } = await this.pool.query<SubscriptionRow>(
      `select * from webhook_subscriptions where account_id = $1 and subscription_id = $2`,
      [account_id, subscription_id],
    );
    return rows[0] ? toStored(rows[0]) : null;
  }

  async findById(subscription_id: string): Promise<StoredSubscription | null> {
    const { rows } = await this.pool.query<SubscriptionRow>(
      `select * from webhook_subscriptions where subscription_id = $1`,
      [subscription_id],
    );
    return rows[0] ? toStored(rows[0]) : null;
  }

  async setStatus(
    account_id: string,
    subscription_id: string,
    status: WebhookSubscriptionStatus,
  ): Promise<StoredSubscription | null> {
    const { rows } = await this.pool.query<SubscriptionRow>(
      `update webhook_subscriptions set status = $3
       where account_id = $1 and subscription_id = $2 returning *`,
      [account_id, subscription_id, status],
    );
    return rows[0] ? toStored(rows[0]) : null;
  }

  async deliveries(
    subscription_id: string,
    limit: number,
    offset: number,
  ): Promise<WebhookDelivery[]> {
    const { rows } = await this.pool.query<DeliveryRow>(
      `select delivery_id, event_id, event_type, attempt, manual, status, response_status,
         failure, duration_ms, attempted_at
       from webhook_deliveries where subscription_id = $1
       order by attempted_at desc, delivery_id desc limit $2 offset $3`,
      [subscription_id, limit, offset],
    );
    return rows.map((row) => ({ ...row, attempted_at: row.attempted_at.toISOString() }));
  }

  /** Queues one manual attempt of a logged delivery's event; null if the delivery is unknown. */
  async queueManualRetry(
    subscription_id: string,
    delivery_id: string,
  ): Promise<{ event_id: string } | null> {
    const { rows } = await this.pool.query<{ event_id: string }>(
      `insert into webhook_jobs (subscription_id, event_id, manual, state, max_attempts)
       select subscription_id, event_id, true, 'pending', 1 from webhook_deliveries
       where subscription_id = $1 and delivery_id = $2
       returning event_id`,
      [subscription_id, delivery_id],
    );
    return rows[0] ?? null;
  }
}
