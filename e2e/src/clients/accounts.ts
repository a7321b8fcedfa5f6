import type { ConfirmedSession, MemberSession } from '@platform/contracts';
import { bearer, json, type Http } from './http';

/**
 * The one account fixture: every suite opens its accounts here, registered and confirmed as a
 * client would (spec §2), with the D3 sandbox code in the test environment and the mailed code in
 * live (read from the operator's mailbox).
 */

export const TEST_PASSWORD = 'correct horse battery';
/** Decisions D3: the code the test environment accepts for every verification. */
export const SANDBOX_CODE = '000000';

let email_counter = 0;

/** An email no other test uses; `label` starts it, so a failing run names its test. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${++email_counter}@example.com`;
}

/**
 * A `from` date (YYYY-MM-DD) two days back: what a test makes is newer, the demo history a test
 * account starts with (payins and payouts 5 to 28 days old) is older. `?from=` it to list only
 * the former.
 */
export function recentDay(): string {
  return new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
}

/** A registration body: a person of the seeded `demo` organization unless `overrides` say else. */
export function registration(email: string, overrides: Record<string, unknown> = {}) {
  return {
    org: 'demo',
    type: 'person',
    email,
    password: TEST_PASSWORD,
    display_name: 'Ada Lovelace',
    country: 'US',
    ...overrides,
  };
}

/** A session as sign-in and register confirm answer it (the union of both shapes). */
export type TestSession = Omit<MemberSession, 'account_id'> &
  Partial<Pick<MemberSession, 'account_id'>> &
  Partial<Pick<ConfirmedSession, 'account'>>;

export interface MailboxMessage {
  recipient: string;
  subject: string | null;
  body: string;
  account_id: string | null;
}

/** Every message the platform kept for `recipient` (an email or a phone), newest first. */
export async function mailboxFor(client: Http, recipient: string): Promise<MailboxMessage[]> {
  const { messages } = await json<{ messages: MailboxMessage[] }>(
    await client.operator('GET', '/admin/v1/mailbox?limit=1000'),
    200,
  );
  return messages.filter((message) => message.recipient === recipient);
}

/** The six-digit code of the newest message to `recipient`; '' when none has one. */
export async function latestCode(client: Http, recipient: string): Promise<string> {
  const [latest] = await mailboxFor(client, recipient);
  return /\b(\d{6})\b/.exec(latest?.body ?? '')?.[1] ?? '';
}

export interface ConfirmOptions {
  /** Confirm with the mailed code even where the sandbox code would do. */
  mailed_code?: boolean;
  /** Confirm through another gateway of the same environment. */
  confirm_via?: Http;
}

/** Registers `email` and confirms it: the session confirm answers (with its account). */
export async function registerAndConfirm(
  client: Http,
  email: string,
  overrides: Record<string, unknown> = {},
  { mailed_code = false, confirm_via = client }: ConfirmOptions = {},
): Promise<TestSession> {
  const body = registration(email, overrides);
  await json(await client.request('POST', '/v1/auth/register', { body }), 201);
  const code =
    mailed_code || client.environment === 'live' ? await latestCode(client, email) : SANDBOX_CODE;
  if (!code) throw new Error(`no code mailed to ${email}`);
  return json<TestSession>(
    await confirm_via.request('POST', '/v1/auth/register/confirm', {
      body: { org: body.org, email, code },
    }),
    200,
  );
}

/** A confirmed account, ready to call the platform with its bearer session. */
export interface TestAccount {
  account_id: string;
  email: string;
  access_token: string;
  session: TestSession;
  /** `Authorization: Bearer <access token>`. */
  headers: Record<string, string>;
}

export interface AccountOptions {
  /** A fresh email (see `uniqueEmail`) unless the test needs a known one. */
  email?: string;
  /** Starts the fresh email. */
  label?: string;
  /** Fields of the registration (org, type, display_name, phone...). */
  registration?: Record<string, unknown>;
  confirm?: ConfirmOptions;
}

/** Opens a confirmed account (spec §2) of the target environment. */
export async function openAccount(
  client: Http,
  options: AccountOptions = {},
): Promise<TestAccount> {
  const email = options.email ?? uniqueEmail(options.label ?? 'account');
  const session = await registerAndConfirm(client, email, options.registration, options.confirm);
  return {
    account_id: session.account!.id,
    email,
    access_token: session.access_token,
    session,
    headers: bearer(session.access_token),
  };
}
