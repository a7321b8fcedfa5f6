import type { SeedDemoPayinCommand, SeedDemoPayoutCommand } from '@platform/contracts';

/** One record of the demo history: a credited payin or a completed payout, in USD or USDT. */
interface DemoEntry {
  kind: 'payin' | 'payout';
  asset: 'USD' | 'USDT';
  /** In USD (USDT at parity). */
  amount: string;
  days_ago: number;
}

/**
 * A confirmed test account starts with 10,100.00 USD and 1,100.000000 USDT available, from demo
 * payins over the past 30 days and a few completed demo payouts, oldest first.
 */
export const DEMO_HISTORY: readonly DemoEntry[] = [
  { kind: 'payin', asset: 'USD', amount: '6000.00', days_ago: 28 },
  { kind: 'payin', asset: 'USDT', amount: '1000.00', days_ago: 25 },
  { kind: 'payin', asset: 'USD', amount: '3500.00', days_ago: 20 },
  { kind: 'payout', asset: 'USD', amount: '250.00', days_ago: 15 },
  { kind: 'payin', asset: 'USDT', amount: '250.00', days_ago: 12 },
  { kind: 'payin', asset: 'USD', amount: '1250.00', days_ago: 9 },
  { kind: 'payout', asset: 'USDT', amount: '150.00', days_ago: 7 },
  { kind: 'payout', asset: 'USD', amount: '400.00', days_ago: 5 },
];

const DAY_MS = 86_400_000;
/** Records of one history are a minute apart within their day, so they keep their order. */
const SPACING_MS = 60_000;

/** What the payins service (`payin`) or the payouts service (`payout`) is asked to record. */
export type DemoStep =
  | { kind: 'payin'; record: SeedDemoPayinCommand }
  | { kind: 'payout'; record: SeedDemoPayoutCommand };

/** The demo history of an account as the records to make, oldest first, dated before `now`. */
export function demoHistoryOf(account_id: string, org_id: string, now: Date): DemoStep[] {
  return DEMO_HISTORY.map(({ kind, asset, amount, days_ago }, index) => ({
    kind,
    record: {
      account_id,
      org_id,
      index,
      amount,
      asset,
      occurred_at: new Date(now.getTime() - days_ago * DAY_MS + index * SPACING_MS).toISOString(),
    },
  }));
}
