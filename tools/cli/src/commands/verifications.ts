import type { Command } from 'commander';
import { adminCall, type AdminTarget } from '../admin-client';

const DECISIONS = ['approve', 'reject', 'request_changes'];

/**
 * `platform verifications list|decide|reopen`: the operator's review of identity verifications
 * (decisions D8); a live submission waits for it.
 */
export function registerVerifications(program: Command, target: () => AdminTarget): void {
  const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  const verifications = program
    .command('verifications')
    .description('identity verifications (KYC/KYB) awaiting or past a decision (D8)');
  verifications
    .command('list')
    .option('--status <status>', 'pending (the review queue), approved or rejected', 'pending')
    .option('--page <n>', 'from 1', '1')
    .option('--page-size <n>', 'at most 100', '20')
    .action(async (o: { status: string; page: string; pageSize: string }) => {
      const query = new URLSearchParams({ status: o.status, page: o.page, page_size: o.pageSize });
      print(await adminCall(target(), 'GET', `/admin/v1/verifications?${query}`));
    });
  verifications
    .command('decide')
    .requiredOption('--submission <id>', 'the submission_id')
    .requiredOption('--decision <decision>', DECISIONS.join(', '))
    .option('--comment <text...>', 'what the person must change (request_changes)')
    .action(async (o: { submission: string; decision: string; comment?: string[] }) => {
      if (!DECISIONS.includes(o.decision))
        throw new Error(`--decision must be one of ${DECISIONS.join(', ')}`);
      const route = `/admin/v1/verifications/${encodeURIComponent(o.submission)}/decision`;
      print(
        await adminCall(target(), 'POST', route, {
          decision: o.decision,
          ...(o.comment ? { comments: o.comment } : {}),
        }),
      );
    });
  verifications
    .command('reopen')
    .description('let an account verify again (after a rejection)')
    .requiredOption('--account <id>', 'the account_id')
    .action(async (o: { account: string }) => {
      const route = `/admin/v1/verifications/accounts/${encodeURIComponent(o.account)}/reopen`;
      print(await adminCall(target(), 'POST', route));
    });
}
