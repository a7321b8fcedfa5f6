import type { Pool } from 'pg';
import { DomainError } from '@platform/contracts';
import type { Asset } from '@platform/money';
import type { NotifiedCache } from '@platform/persistence';
import { notifiedCacheProvider } from '@platform/runtime';
import { LEDGER_SCHEMA } from '../balances-projection';

/** New accounts settle in USD and take payins in USD (spec §1 rule 4). */
export const DEFAULT_SETTLEMENT_ASSET: Asset = 'USD';

export interface SettlementSettings {
  settlement_asset: string;
  payin_settlement_asset: string;
}

const UNIQUE_VIOLATION = '23505';

/** The settlement assets of accounts, asked on every payout: kept until the row changes (any process). */
export const SETTLEMENT_SETTINGS = Symbol('SETTLEMENT_SETTINGS');

export const settlementSettingsProvider = notifiedCacheProvider(SETTLEMENT_SETTINGS, {
  // Migration 005's trigger notifies it, with a:<account_id>, when settings change.
  channel: 'ledger_account_settings',
  capacity: 50_000,
  ttl_ms: 60_000,
});

/** The per-account settings the ledger holds: settlement assets and the alias. */
export class AccountSettingsRepository {
  constructor(
    private readonly pool: Pool,
    private readonly settlements: NotifiedCache,
  ) {}

  async settlement(account_id: string): Promise<SettlementSettings> {
    const settings = await this.settlements.read(
      account_id,
      () => this.readSettlement(account_id),
      () => [`a:${account_id}`],
    );
    if (!settings) throw new Error(`settlement settings of ${account_id} unread`);
    return { ...settings };
  }

  private async readSettlement(account_id: string): Promise<SettlementSettings> {
    const { rows } = await this.pool.query<SettlementSettings>(
      `select settlement_asset, payin_settlement_asset
         from ${LEDGER_SCHEMA}.account_settings where account_id = $1`,
      [account_id],
    );
    return (
      rows[0] ?? {
        settlement_asset: DEFAULT_SETTLEMENT_ASSET,
        payin_settlement_asset: DEFAULT_SETTLEMENT_ASSET,
      }
    );
  }

  /** Sets the given fields (null keeps the current value) and answers the result. */
  async updateSettlement(
    account_id: string,
    org_id: string,
    changes: { settlement_asset: string | null; payin_settlement_asset: string | null },
  ): Promise<SettlementSettings> {
    const { rows } = await this.pool.query<SettlementSettings>(
      `insert into ${LEDGER_SCHEMA}.account_settings
         (account_id, org_id, settlement_asset, payin_settlement_asset)
       values ($1, $2, coalesce($3, 'USD'), coalesce($4, 'USD'))
       on conflict (account_id) do update set
         settlement_asset = coalesce($3, account_settings.settlement_asset),
         payin_settlement_asset = coalesce($4, account_settings.payin_settlement_asset),
         updated_at = now()
       returning settlement_asset, payin_settlement_asset`,
      [account_id, org_id, changes.settlement_asset, changes.payin_settlement_asset],
    );
    // This process answers the new assets at once; the others when the trigger tells them.
    this.settlements.forgetAll();
    const row = rows[0];
    if (!row) throw new Error(`settings of ${account_id} missing after upsert`);
    return row;
  }

  /** `alias_taken` when another account of the organization uses it. */
  async setAlias(account_id: string, org_id: string, alias: string): Promise<void> {
    try {
      await this.pool.query(
        `insert into ${LEDGER_SCHEMA}.account_settings (account_id, org_id, alias)
         values ($1, $2, $3)
         on conflict (account_id) do update set alias = $3, updated_at = now()`,
        [account_id, org_id, alias],
      );
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
        throw new DomainError('alias_taken', 'this alias is used by another account');
      }
      throw error;
    }
  }

  async aliasOf(account_id: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ alias: string | null }>(
      `select alias from ${LEDGER_SCHEMA}.account_settings where account_id = $1`,
      [account_id],
    );
    return rows[0]?.alias ?? null;
  }

  async accountByAlias(org_id: string, alias: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ account_id: string }>(
      `select account_id from ${LEDGER_SCHEMA}.account_settings where org_id = $1 and alias = $2`,
      [org_id, alias],
    );
    return rows[0]?.account_id ?? null;
  }
}
