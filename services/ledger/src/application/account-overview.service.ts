import {
  DomainError,
  type ListPublicRatesCommand,
  type UpdateSettlementCommand,
} from '@platform/contracts';
import { ASSET_CODES, ASSETS, Money, isAsset, type Asset, type Currency } from '@platform/money';
import { RATE_COUNTRIES, requireSettlementAsset, totalUsdOf, type RateTable } from '../domain';
import {
  AccountSettingsRepository,
  type SettlementSettings,
} from '../infrastructure/public/account-settings.repository';
import type { LedgerSettings } from '../ledger.settings';
import type { LedgerCommands } from './ledger-commands';

export interface BalanceSheet extends SettlementSettings {
  balances: { asset: Asset; available: string; held: string; total: string; decimals: number }[];
  total_usd: string;
}

export interface RateRow {
  country: string;
  currency: Currency;
  rate: string;
  rate_source: 'spot';
  payin_rate: string;
  same_currency_only?: true;
  local_amount?: string;
}

/** D4 balances, settlement settings and the per-country rates. */
export class AccountOverviewService {
  constructor(
    private readonly commands: LedgerCommands,
    private readonly settings: AccountSettingsRepository,
    private readonly rates: RateTable,
    private readonly config: LedgerSettings,
  ) {}

  /** From the account's stream, so a balance read right after a write shows it. */
  async balanceSheet(account_id: string): Promise<BalanceSheet> {
    const [current, settlement] = await Promise.all([
      this.commands.currentBalances(account_id),
      this.settings.settlement(account_id),
    ]);
    const balances = ASSET_CODES.map((asset) => {
      const { available, held } = current[asset];
      return {
        asset,
        available: available.toString(),
        held: held.toString(),
        total: available.add(held).toString(),
        decimals: ASSETS[asset].decimals,
      };
    });
    const totals = ASSET_CODES.map((asset) => current[asset].available.add(current[asset].held));
    return { balances, ...settlement, total_usd: totalUsdOf(totals, this.rates).toString() };
  }

  settlement(account_id: string): Promise<SettlementSettings> {
    return this.settings.settlement(account_id);
  }

  async updateSettlement(command: UpdateSettlementCommand): Promise<SettlementSettings> {
    const disabled = this.config.SETTLEMENT_DISABLED_ASSETS;
    const checked = (code: string | undefined) =>
      code === undefined ? null : requireSettlementAsset(code, disabled);
    const settlement_asset = checked(command.settlement_asset);
    const payin_settlement_asset = checked(command.default_payin_asset);
    if (settlement_asset === null && payin_settlement_asset === null) {
      return this.settings.settlement(command.account_id);
    }
    return this.settings.updateSettlement(command.account_id, command.org_id, {
      settlement_asset,
      payin_settlement_asset,
    });
  }

  /**
   * Per country: `rate` local units per USD at the table (deterministic, `spot`); `payin_rate`
   * the same in the sandbox (no spread configured). With `amount` (USD), `local_amount` is what
   * it buys in each row's currency, rounded down.
   */
  rateRows(query: ListPublicRatesCommand): { rates: RateRow[] } {
    // D7: nothing but emails is normalized; `mxn` is not a currency code.
    const currency = query.currency || undefined;
    if (currency !== undefined && !RATE_COUNTRIES.some((row) => row.currency === currency)) {
      throw new DomainError('currency_not_supported', `no rate for ${currency}`);
    }
    const usd = query.amount === undefined ? null : Money.parseInput('USD', query.amount);
    const rows = RATE_COUNTRIES.filter(
      (row) => currency === undefined || row.currency === currency,
    );
    return {
      rates: rows.map(({ country, currency: code }) => {
        const rate = this.rates.per_usd[code] ?? '1';
        const same_currency_only = isAsset(code) && ASSETS[code].same_currency_only;
        return {
          country,
          currency: code,
          rate,
          rate_source: 'spot' as const,
          payin_rate: rate,
          ...(same_currency_only ? { same_currency_only: true as const } : {}),
          ...(usd ? { local_amount: localAmount(usd, code, rate) } : {}),
        };
      }),
    };
  }
}

function localAmount(usd: Money<'USD'>, currency: Currency, rate: string): string {
  return usd.convert(currency, rate, 'down').toString();
}
