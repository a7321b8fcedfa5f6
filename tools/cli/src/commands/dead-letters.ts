import type { Command } from 'commander';
import { adminCall, type AdminTarget } from '../admin-client';

/** `platform dead-letters list`: what projections, consumers and workers set aside (D12). */
export function registerDeadLetters(program: Command, target: () => AdminTarget): void {
  const letters = program
    .command('dead-letters')
    .description('records set aside because they kept failing while others went through (D12)');
  letters
    .command('delete')
    .description('forget a letter: a worker (payin, payout, webhook job) tries its record again')
    .requiredOption('--service <service>', 'the service whose table holds it, e.g. payins')
    .requiredOption('--id <letter_id>', 'its letter_id')
    .action(async (o: { service: string; id: string }) => {
      const route = `/admin/v1/dead-letters/${encodeURIComponent(o.service)}/${encodeURIComponent(o.id)}`;
      process.stdout.write(
        `${JSON.stringify(await adminCall(target(), 'DELETE', route), null, 2)}\n`,
      );
    });
  letters
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
