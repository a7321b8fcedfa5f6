import type { RateTable, SwapLimits } from '../domain';
import type { LedgerSettings } from '../ledger.settings';
import { loadRateTable } from './rates/rate-table';

export interface SwapSettings {
  rates: RateTable;
  limits: SwapLimits;
}

/** Loaded once at boot: a bad rate file stops the service with the problem named. */
export function swapSettingsOf(
  settings: Pick<
    LedgerSettings,
    'RATES_FILE' | 'SETTLEMENT_LIMIT_PER_OPERATION_USD' | 'SETTLEMENT_LIMIT_DAILY_USD'
  >,
): SwapSettings {
  return {
    rates: loadRateTable(settings.RATES_FILE),
    limits: {
      per_operation_usd: settings.SETTLEMENT_LIMIT_PER_OPERATION_USD,
      daily_usd: settings.SETTLEMENT_LIMIT_DAILY_USD,
    },
  };
}
