import type { Command } from 'commander';
import { adminCall, type AdminTarget } from '../admin-client';

/** `platform dead-letters list`: what projections, consumers and workers set aside (D12). */
export function registerDeadLetters(program: Command, target: () => AdminTarget): void {
  program
    .command('dead-letters')
    .description('records set aside because they kept failing while others went through (D12)')
    .command('list')
    .option('--service <service>', 'one service, e.g. ledger (default: every one)')
    .option('--source <source>', 'one source, e.g. projection:ledger or worker:payout_step')
    .option('--page <n>', 'from 1', '1')
    .option('--page-size <n>', 'at most 100', '20')
    .action(async (o: { service?: string; source?: string; page: string; pageSize: string }) => {
      const query = new URLSearchParams({
        page: o.page,
        page_size: o.pageSize,
        ...(o.service ? { service: o.service } : {}),
        ...(o.source ? { source: o.source } : {}),
      });
      const letters = await adminCall(target(), 'GET', `/admin/v1/dead-letters?${query}`);
      process.stdout.write(`${JSON.stringify(letters, null, 2)}\n`);
    });
}
