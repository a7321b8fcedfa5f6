import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { PayoutDocument } from '@platform/contracts';
import type { NotifiedCache } from '@platform/persistence';
import { notifiedCacheProvider, SERVICE_POOL } from '@platform/runtime';

/** Terms asked on every create, kept until an operator changes them (any process). */
export const PAYOUT_TERMS = Symbol('PAYOUT_TERMS');

export const payoutTermsProvider = notifiedCacheProvider(PAYOUT_TERMS, {
  // Migration 005's triggers notify it, with o:<org_id>, when terms change.
  channel: 'payout_terms',
  capacity: 10_000,
  ttl_ms: 60_000,
});

export interface OrgLimits {
  min_amount_usd: string | null;
  max_amount_usd: string | null;
  daily_amount_usd: string | null;
}

export interface OrgPricing {
  fixed_fee_usd: string;
  percentage: string;
}

export interface OrgTerms {
  pricing: OrgPricing | null;
  limits: OrgLimits | null;
}

export interface Corridor {
  country: string;
  currency: string;
}

/**
 * Organization money-out limits (D7), payout pricing (D6) and the supporting documents of US
 * payouts.
 */
@Injectable()
export class LimitsAndDocumentsRepository {
  constructor(
    @Inject(SERVICE_POOL) private readonly pool: Pool,
    @Inject(PAYOUT_TERMS) private readonly terms: NotifiedCache,
  ) {}

  /**
   * What the organization's payouts in a corridor cost and may be, read in one round trip: the
   * corridor's own pricing, else the organization's (null: no fee), and its limits (null: none).
   */
  async termsOf(org_id: string, corridor: Corridor): Promise<OrgTerms> {
    const terms = await this.terms.read(
      JSON.stringify([org_id, corridor.country, corridor.currency]),
      () => this.readTerms(org_id, corridor),
      () => [`o:${org_id}`],
    );
    return terms ?? { pricing: null, limits: null };
  }

  private async readTerms(org_id: string, corridor: Corridor): Promise<OrgTerms> {
    const { rows } = await this.pool.query<OrgTerms>(
      `select
         (select json_build_object('fixed_fee_usd', fixed_fee_usd::text,
                                   'percentage', percentage::text)
            from org_pricing
           where org_id = $1 and ((country = $2 and currency = $3) or (country = '' and currency = ''))
           order by country desc limit 1) as pricing,
         (select json_build_object('min_amount_usd', min_amount_usd::text,
                                   'max_amount_usd', max_amount_usd::text,
                                   'daily_amount_usd', daily_amount_usd::text)
            from org_limits where org_id = $1) as limits`,
      [org_id, corridor.country, corridor.currency],
    );
    return rows[0] ?? { pricing: null, limits: null };
  }

  async setLimits(org_id: string, limits: OrgLimits): Promise<void> {
    await this.pool.query(
      `insert into org_limits (org_id, min_amount_usd, max_amount_usd, daily_amount_usd)
       values ($1, $2, $3, $4)
       on conflict (org_id) do update set min_amount_usd = excluded.min_amount_usd,
         max_amount_usd = excluded.max_amount_usd, daily_amount_usd = excluded.daily_amount_usd,
         updated_at = now()`,
      [org_id, limits.min_amount_usd, limits.max_amount_usd, limits.daily_amount_usd],
    );
    // The next create in this process must see them; other processes hear the trigger.
    this.terms.forgetAll();
  }

  /** Sets the organization's pricing, or one corridor's when `corridor` is given. */
  async setPricing(org_id: string, corridor: Corridor | null, pricing: OrgPricing): Promise<void> {
    await this.pool.query(
      `insert into org_pricing (org_id, country, currency, fixed_fee_usd, percentage)
       values ($1, $2, $3, $4, $5)
       on conflict (org_id, country, currency) do update set
         fixed_fee_usd = excluded.fixed_fee_usd, percentage = excluded.percentage,
         updated_at = now()`,
      [
        org_id,
        corridor?.country ?? '',
        corridor?.currency ?? '',
        pricing.fixed_fee_usd,
        pricing.percentage,
      ],
    );
    this.terms.forgetAll();
  }

  /** USD value of the organization's payouts of the last 24 hours that were not pre-debit failures. */
  async usdPaidOutLastDay(org_id: string): Promise<string> {
    const { rows } = await this.pool.query<{ total: string }>(
      `select coalesce(sum(usd_value), 0)::text as total from payouts
       where org_id = $1 and creation = 'created' and created_at > now() - interval '24 hours'
         and not predebit_failure`,
      [org_id],
    );
    return rows[0]?.total ?? '0';
  }

  async saveDocument(input: {
    document_id: string;
    account_id: string;
    filename: string;
    content_type: string;
    content: Buffer;
  }): Promise<PayoutDocument> {
    const { rows } = await this.pool.query<PayoutDocument>(
      `insert into payout_documents (document_id, account_id, filename, content_type, size_bytes, content)
       values ($1, $2, $3, $4, $5, $6)
       returning document_id::text, account_id, filename, content_type, size_bytes,
         to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at`,
      [
        input.document_id,
        input.account_id,
        input.filename,
        input.content_type,
        input.content.length,
        input.content,
      ],
    );
    const stored = rows[0];
    if (!stored) throw new Error('document insert returned no row');
    return stored;
  }

  async documentExists(account_id: string, document_id: string): Promise<boolean> {
    if (!/^[0-9a-f-]{36}$/i.test(document_id)) return false;
    const { rows } = await this.pool.query(
      `select 1 from payout_documents where account_id = $1 and document_id = $2`,
      [account_id, document_id],
    );
    return rows.length > 0;
  }
}
