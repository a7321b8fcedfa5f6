import { DomainError } from '@platform/contracts';
import { Money } from '@platform/money';
import type { RateTable, SwapLimits } from '../domain';
import { loadRateTable } from './rates/rate-table';

/**
 * The spec leaves the volatile-asset limits' values open (§8); these defaults hold until an
 * operator sets `SETTLEMENT_LIMIT_PER_OPERATION_USD` and `SETTLEMENT_LIMIT_DAILY_USD`.
 */
export const DEFAULT_SETTLEMENT_LIMIT_PER_OPERATION_USD = '10000.00';
export const DEFAULT_SETTLEMENT_LIMIT_DAILY_USD = '50000.00';

export interface SwapSettings {
  rates: RateTable;
  limits: SwapLimits;
}

function usdSetting(
  settings: Readonly<Record<string, string | undefined>>,
  name: string,
  fallback: string,
) {
  const text = settings[name] ?? fallback;
  try {
    return Money.parse('USD', text);
  } catch (error) {
    if (error instanceof DomainError) {
      throw new Error(`invalid configuration: ${name} must be a positive USD amount, got ${text}`);
    }
    throw error;
  }
}

/** Read once at boot: a bad rate file or limit stops the service with the problem named. */
export function readSwapSettings(
  settings: Readonly<Record<string, string | undefined>>,
): SwapSettings {
  return {
    rates: loadRateTable(settings.RATES_FILE || undefined),
    limits: {
      per_operation_usd: usdSetting(
        settings,
        'SETTLEMENT_LIMIT_PER_OPERATION_USD',
        DEFAULT_SETTLEMENT_LIMIT_PER_OPERATION_USD,
      ),
      daily_usd: usdSetting(
        settings,
        'SETTLEMENT_LIMIT_DAILY_USD',
        DEFAULT_SETTLEMENT_LIMIT_DAILY_USD,
      ),
    },
  };
}
