#!/usr/bin/env node
import 'reflect-metadata';
import { Command, Option } from 'commander';
import { adminCall, adminTarget } from './admin-client';
import { registerAccounts } from './commands/accounts';
import { registerDeadLetters } from './commands/dead-letters';
import { registerEventsReplay } from './commands/events-replay';
import { registerEventsTail } from './commands/events-tail';
import { registerProjectionsRebuild } from './commands/rebuild-projection';
import { registerEventsVerify } from './commands/verify-events';
import { registerVerifications } from './commands/verifications';
// crypto chain feed (issue 15)
import { registerCryptoChain } from './commands/crypto-chain';

/** The platform operator's CLI (`npm run cli -- <command>`). */
const program = new Command('platform')
  .description('Operate the payments platform')
  .addOption(new Option('--env <env>', 'environment').choices(['test', 'live']).default('test'))
  .option(
    '--url <url>',
    'gateway base URL of the environment (default 127.0.0.1:8080 test, :8081 live)',
  )
  .option(
    '--data-dir <dir>',
    'DATA_DIR of the all-in-one runtime, where the operator token is kept',
  );

type Globals = { env: 'test' | 'live'; url?: string; dataDir?: string };
const target = () => adminTarget(program.opts<Globals>());
const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);

const org = program.command('org').description('organizations (decisions D2)');
org
  .command('create')
  .requiredOption('--slug <slug>')
  .requiredOption('--name <name>')
  .option('--timezone <iana>', 'IANA time zone', 'America/New_York')
  .option('--locale <locale>', 'en, es or zh', 'en')
  .option('--otp-floor <channel>', 'weakest OTP channel allowed: sms, whatsapp, email, totp', 'sms')
  .option('--login-otp', 'require a one-time code at login', false)
  .option('--brand <key=value...>', 'branding entries, e.g. primary_color=#0a84ff')
  .action(
    async (o: {
      slug: string;
      name: string;
      timezone: string;
      locale: string;
      otpFloor: string;
      loginOtp: boolean;
      brand?: string[];
    }) => {
      const branding = Object.fromEntries(
        (o.brand ?? []).map((entry) => entry.split(/=(.*)/s).slice(0, 2)),
      );
      print(
        await adminCall(target(), 'POST', '/admin/v1/organizations', {
          slug: o.slug,
          name: o.name,
          timezone: o.timezone,
          locale: o.locale,
          otp_channel_floor: o.otpFloor,
          login_otp_required: o.loginOtp,
          branding,
        }),
      );
    },
  );
org.command('list').action(async () => {
  print(await adminCall(target(), 'GET', '/admin/v1/organizations'));
});
interface OtpPolicyOptions {
  slug: string;
  actions?: string[];
  otpFloor?: string;
  loginOtp?: string;
  otp?: string;
}
org
  .command('otp-policy')
  .description('which actions need OTP for user sessions, the channel floor, login OTP (D2, D7)')
  .requiredOption('--slug <slug>')
  .option('--actions <action...>', 'e.g. payout.create api_key.create (replaces the list)')
  .option('--otp-floor <channel>', 'weakest OTP channel allowed: sms, whatsapp, email, totp')
  .option('--login-otp <on|off>', 'require a one-time code at login')
  .option('--otp <on|off>', 'off turns one-time codes off for the organization altogether')
  .action(async (o: OtpPolicyOptions) => {
    print(
      await adminCall(
        target(),
        'PUT',
        `/admin/v1/organizations/${encodeURIComponent(o.slug)}/otp-policy`,
        {
          ...(o.actions ? { required_actions: o.actions } : {}),
          ...(o.otpFloor ? { otp_channel_floor: o.otpFloor } : {}),
          ...(o.loginOtp ? { login_otp_required: o.loginOtp === 'on' } : {}),
          ...(o.otp ? { otp_enabled: o.otp === 'on' } : {}),
        },
      ),
    );
  });

const admins = program.command('org-admin').description('organization admins (decisions D2)');
admins
  .command('create')
  .requiredOption('--org <slug>')
  .requiredOption('--email <email>')
  .requiredOption('--password <password>')
  .action(async (o: { org: string; email: string; password: string }) => {
    print(
      await adminCall(
        target(),
        'POST',
        `/admin/v1/organizations/${encodeURIComponent(o.org)}/admins`,
        { email: o.email, password: o.password },
      ),
    );
  });
admins
  .command('list')
  .requiredOption('--org <slug>')
  .action(async (o: { org: string }) => {
    print(
      await adminCall(
        target(),
        'GET',
        `/admin/v1/organizations/${encodeURIComponent(o.org)}/admins`,
      ),
    );
  });

program
  .command('mailbox')
  .description('messages kept by the platform when no sender is configured (decisions D3)')
  .option('--account <id>')
  .option('--limit <n>', 'how many, newest first', '50')
  .action(async (o: { account?: string; limit: string }) => {
    const query = new URLSearchParams({
      limit: o.limit,
      ...(o.account ? { account_id: o.account } : {}),
    });
    print(await adminCall(target(), 'GET', `/admin/v1/mailbox?${query.toString()}`));
  });

const events = program.command('events').description('the event stores and the live bus');
registerEventsReplay(events, () => program.opts<Globals>().env);
registerEventsTail(events, target);

registerEventsVerify(events, () => program.opts<Globals>().env);
registerProjectionsRebuild(program, () => program.opts<Globals>().env);
registerDeadLetters(program, target);
registerVerifications(program, target);
registerAccounts(program, target);
// crypto chain feed (issue 15)
registerCryptoChain(program, target);

program.parseAsync().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
