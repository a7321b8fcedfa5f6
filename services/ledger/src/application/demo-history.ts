import { DomainError, type Environment } from '@platform/contracts';
import type { Pool } from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Asset } from '@platform/money';
import { LEDGER_SCHEMA } from '../infrastructure/balances-projection';
import type { LedgerCommands } from './ledger-commands';

interface DemoMovement {
  direction: 'credit' | 'debit';
  kind: 'payin' | 'payout';
  asset: Asset;
  amount: string;
  days_ago: number;
}

/**
 * D5: a confirmed test account starts with 10,100.00 USD and 1,100.000000 USDT available,
 * from demo payins over the past 30 days and a few completed demo payouts, oldest first.
 */
const DEMO_HISTORY: readonly DemoMovement[] = [
  { direction: 'credit', kind: 'payin', asset: 'USD', amount: '6000.00', days_ago: 28 },
  { direction: 'credit', kind: 'payin', asset: 'USDT', amount: '1000.000000', days_ago: 25 },
  { direction: 'credit', kind: 'payin', asset: 'USD', amount: '3500.00', days_ago: 20 },
  { direction: 'debit', kind: 'payout', asset: 'USD', amount: '250.00', days_ago: 15 },
  { direction: 'credit', kind: 'payin', asset: 'USDT', amount: '250.000000', days_ago: 12 },
  { direction: 'credit', kind: 'payin', asset: 'USD', amount: '1250.00', days_ago: 9 },
  { direction: 'debit', kind: 'payout', asset: 'USDT', amount: '150.000000', days_ago: 7 },
  { direction: 'debit', kind: 'payout', asset: 'USD', amount: '400.00', days_ago: 5 },
];

const DAY_MS = 86_400_000;
const PROJECTION_WAIT_MS = 10_000;

/** `ledger.seed_demo_history`: real ledger events, once per account (operation ids are fixed). */
export class DemoHistory {
  constructor(
    private readonly commands: LedgerCommands,
    private readonly pool: Pool,
    private readonly environment: Environment,
  ) {}

  async seed(account_id: string): Promise<{ account_id: string; movements: number }> {
    if (this.environment !== 'test') {
      throw new DomainError('forbidden', 'demo history exists only in the test environment');
    }
    const now_ms = Date.now();
    for (const [index, movement] of DEMO_HISTORY.entries()) {
      const command = {
        account_id,
        operation_id: `demo-${account_id}-${index}`,
        asset: movement.asset,
        amount: movement.amount,
        kind: movement.kind,
        reference_id: `demo-${movement.kind}-${account_id.slice(0, 8)}-${index}`,
      };
      // A few minutes apart within the day, so the movements keep their order.
      const effective_at = new Date(
        now_ms - movement.days_ago * DAY_MS + index * 60_000,
      ).toISOString();
      if (movement.direction === 'credit') await this.commands.credit(command, null, effective_at);
      else await this.commands.debit(command, null, effective_at);
    }
    await this.awaitProjection(account_id);
    return { account_id, movements: DEMO_HISTORY.length };
  }

  /** Movements, history and statements read the projection: answer once it shows the demo. */
  private async awaitProjection(account_id: string): Promise<void> {
    const deadline_ms = Date.now() + PROJECTION_WAIT_MS;
    while (Date.now() < deadline_ms) {
      const { rows } = await this.pool.query<{ count: number }>(
        `select count(*)::int as count from ${LEDGER_SCHEMA}.movements
          where account_id = $1 and reference_id like 'demo-%'`,
        [account_id],
      );
      if ((rows[0]?.count ?? 0) >= DEMO_HISTORY.length) return;
      await sleep(20);
    }
  }
}
