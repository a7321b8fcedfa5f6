import type { Command } from 'commander';
import { adminCall, type AdminTarget } from '../admin-client';

/**
 * `platform accounts block|unblock`: the operator suspends an account (it may still read and sign
 * out, everything else answers `account_blocked`) and lifts the suspension.
 */
export function registerAccounts(program: Command, target: () => AdminTarget): void {
  const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  const accounts = program.command('accounts').description('block and unblock accounts');
  const route = (account: string, action: 'block' | 'unblock') =>
    `/admin/v1/accounts/${encodeURIComponent(account)}/${action}`;
  accounts
    .command('block')
    .description('block an account: reads and sign-out only, until unblocked')
    .requiredOption('--account <id>', 'the account_id')
    .option('--reason <text...>', "the operator's note, kept with the block")
    .action(async (o: { account: string; reason?: string[] }) => {
      const body = o.reason ? { reason: o.reason.join(' ') } : {};
      print(await adminCall(target(), 'POST', route(o.account, 'block'), body));
    });
  accounts
    .command('unblock')
    .description('make a blocked account active again')
    .requiredOption('--account <id>', 'the account_id')
    .action(async (o: { account: string }) => {
      print(await adminCall(target(), 'POST', route(o.account, 'unblock')));
    });
}
