import { randomUUID } from 'node:crypto';
import {
  ACCOUNT_COMMANDS,
  LEDGER_COMMANDS,
  NOTIFICATIONS_COMMANDS,
  PAYINS_COMMANDS,
  PAYOUTS_COMMANDS,
  ok,
  type ConfirmedSession,
  type SendMessageCommand,
  type SessionClaims,
} from '@platform/contracts';
import type { Pool } from 'pg';
import { BusClient } from '@platform/messaging';
import { createPool } from '@platform/persistence';
import { startServiceUnderTest, type ServiceUnderTest } from '@platform/runtime/service-under-test';
import { identityService } from './identity.module';

export const PASSWORD = 'correct horse battery';
/** Decisions D3: the code the test environment accepts for every verification. */
export const SANDBOX_CODE = '000000';

/**
 * Identity alone, for the suites beside it that need what no client can reach (its tables, the
 * clock of a phone link, a row lock): its handlers driven over the bus as the gateway drives them.
 * Its two neighbours answer as they do: notifications keeps what it is asked to send (the
 * mailbox); payins, payouts and the ledger acknowledge the demo history of a confirmed account
 * (each record an id, and movements that name them).
 */
export interface IdentityUnderTest extends ServiceUnderTest {
  /** The catalog's typed client, as the gateway sends identity's commands. */
  client: BusClient;
  /** Identity's own tables (its schema), for what no command shows or does. */
  tables: Pool;
  /** Every message identity asked notifications to send, oldest first. */
  sent: SendMessageCommand[];
  /** The six-digit code of the newest message to `recipient` (an email or a phone); '' if none. */
  latestCode(recipient: string): string;
  /** Registers a person of `demo` and confirms it with the sandbox code. */
  registerAndConfirm(email: string, overrides?: Record<string, unknown>): Promise<ConfirmedSession>;
}

export async function startIdentityUnderTest(): Promise<IdentityUnderTest> {
  const under = await startServiceUnderTest(identityService);
  const sent: SendMessageCommand[] = [];
  await under.bus.serve(NOTIFICATIONS_COMMANDS.send_message.name, (payload) => {
    sent.push(payload as SendMessageCommand);
    return Promise.resolve(ok({ message_id: randomUUID() }));
  });
  await serveDemoHistory(under);
  const client = new BusClient(under.bus, { validate_replies: true });
  const tables = createPool({ url: under.database.url, schema: 'identity', max_connections: 2 });
  return {
    ...under,
    close: async () => {
      await tables.end();
      await under.close();
    },
    client,
    tables,
    sent,
    latestCode: (recipient) => {
      const latest = sent.filter((message) => message.recipient === recipient).at(-1);
      return /\b(\d{6})\b/.exec(latest?.body ?? '')?.[1] ?? '';
    },
    registerAndConfirm: async (email, overrides = {}) => {
      await client.send(ACCOUNT_COMMANDS.register_account, {
        org: 'demo',
        type: 'person',
        email,
        password: PASSWORD,
        display_name: 'Ada Lovelace',
        ...overrides,
      });
      return client.send(ACCOUNT_COMMANDS.confirm_registration, {
        org: 'demo',
        email,
        code: SANDBOX_CODE,
      });
    },
  };
}

let email_counter = 0;

/** An email no other test uses; `label` starts it. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${++email_counter}@example.com`;
}

/** The claims an access token carries, as the gateway reads them once it verified the token. */
export function claimsOf<T = SessionClaims>(access_token: string): T {
  const payload = access_token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as T;
}

/** The actor of a member's session, as the gateway names it in OTP commands. */
export function sessionActorOf(access_token: string) {
  const claims = claimsOf(access_token);
  return {
    account_id: claims.account_id,
    member_id: claims.sub,
    org_id: claims.org_id,
    session_id: claims.sid,
  };
}

/** The demo records of each account, as payins and payouts answer them and movements show them. */
async function serveDemoHistory(under: ServiceUnderTest): Promise<void> {
  const records = new Map<string, string[]>();
  const recorded = (payload: unknown): string => {
    const { account_id } = payload as { account_id: string };
    const id = randomUUID();
    records.set(account_id, [...(records.get(account_id) ?? []), id]);
    return id;
  };
  await under.bus.serve(PAYINS_COMMANDS.seed_demo_payin.name, (payload) =>
    Promise.resolve(ok({ payin_id: recorded(payload) })),
  );
  await under.bus.serve(PAYOUTS_COMMANDS.seed_demo_payout.name, (payload) =>
    Promise.resolve(ok({ payout_id: recorded(payload) })),
  );
  await under.bus.serve(LEDGER_COMMANDS.list_movements.name, (payload) => {
    const { account_id } = payload as { account_id: string };
    const movements = (records.get(account_id) ?? []).map((reference_id, index) => ({
      id: `movement-${index}`,
      account_id,
      created_at: new Date().toISOString(),
      asset: 'USD',
      amount: '1.00',
      balance_after: '1.00',
      kind: 'payin',
      reference_id,
      description: 'payin credited',
    }));
    return Promise.resolve(ok({ page: 1, page_size: 100, movements }));
  });
}
