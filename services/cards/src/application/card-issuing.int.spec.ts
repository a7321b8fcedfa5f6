import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Pool } from 'pg';
import {
  ACCOUNT_COMMANDS,
  AML_COMMANDS,
  DomainError,
  type IssueCardCommand,
} from '@platform/contracts';
import type { PgEventStore } from '@platform/event-store';
import { BusClient, InProcessBus } from '@platform/messaging';
import { createPool, DeadLetters, migrate } from '@platform/persistence';
import { createTestDatabase, type TestDatabase } from '@platform/testing';
import { BusAccountPorts, BusCardLedger } from '../infrastructure/bus-ports';
import { openCardsEventStore } from '../infrastructure/card-events';
import { CardFeesRepository } from '../infrastructure/card-fees.repository';
import { CardsRepository } from '../infrastructure/cards.repository';
import { SandboxCardIssuer } from '../infrastructure/sandbox-issuer';
import type { CardIssuerPort, IssueAtIssuer } from './card-issuer.port';
import { CardFees } from './card-fees';
import { CardStatusChanges } from './card-status';
import { CardsService } from './cards.service';

const SCHEMA = 'cards';

/** The sandbox issuer, unreachable while `down` (an outage between the claim and the issue). */
class InterruptibleIssuer implements CardIssuerPort {
  down = false;
  constructor(private readonly issuer: SandboxCardIssuer) {}
  issue(request: IssueAtIssuer) {
    if (this.down) return Promise.reject(new Error('issuer unreachable'));
    return this.issuer.issue(request);
  }
  sensitiveData(issuer_ref: string) {
    return this.issuer.sensitiveData(issuer_ref);
  }
}

/**
 * Identity and compliance as issuing sees them over the bus: each account's verification status
 * and its screenings (they are proven by their own suites; here what matters is what issuing
 * does with their answers).
 */
class AccountsOnTheBus {
  readonly kyc = new Map<string, string>();
  readonly screenings = new Map<string, { name: string; status: string }[]>();

  async serveOn(bus: InProcessBus): Promise<void> {
    await bus.serve(ACCOUNT_COMMANDS.get_profile.name, (payload) => {
      const { account_id } = payload as { account_id: string };
      return Promise.resolve({
        ok: true,
        value: { account_id, kyc_status: this.kyc.get(account_id) ?? 'none' },
      });
    });
    await bus.serve(AML_COMMANDS.list_screenings.name, (payload) => {
      const { account_id, offset } = payload as { account_id: string; offset: number };
      const rows = offset > 0 ? [] : (this.screenings.get(account_id) ?? []);
      return Promise.resolve({
        ok: true,
        value: {
          screenings: rows.map((row) => ({
            status: row.status,
            subject: { type: 'person', name: row.name },
          })),
        },
      });
    });
  }
}

const codeOf = async (work: Promise<unknown>): Promise<string> =>
  work.then(
    () => 'issued',
    (error: unknown) => (error instanceof DomainError ? error.code : String(error)),
  );

/** Issuing cards on PostgreSQL: the holder rules, the limit under concurrency, crash recovery. */
describe('card issuing', () => {
  let database: TestDatabase;
  let bus: InProcessBus;
  let accounts: AccountsOnTheBus;
  let pool: Pool;
  let events: PgEventStore;
  let issuer: InterruptibleIssuer;
  let service: CardsService;
  let cards: CardsRepository;

  const request = (account_id: string, overrides: Partial<IssueCardCommand> = {}) => ({
    account_id,
    org_id: 'org-1',
    idempotency_key: null,
    type: 'virtual',
    cardholder: { first_name: 'José', last_name: 'Núñez' },
    occupation: 'teacher',
    ...overrides,
  });

  /** An account whose identity is `kyc` and whose holder JOSE NUNEZ was screened clear. */
  const account = (kyc = 'approved'): string => {
    const account_id = randomUUID();
    accounts.kyc.set(account_id, kyc);
    accounts.screenings.set(account_id, [{ name: 'jose nuñez', status: 'clear' }]);
    return account_id;
  };

  beforeAll(async () => {
    database = await createTestDatabase('cards_issuing');
    bus = new InProcessBus();
    await bus.start();
    accounts = new AccountsOnTheBus();
    await accounts.serveOn(bus);
    pool = createPool({ url: database.url, schema: SCHEMA, max_connections: 12 });
    await migrate(pool, {
      schema: SCHEMA,
      migrations_dir: path.join(__dirname, '../../migrations'),
    });
    await DeadLetters.migrate(pool, SCHEMA);
    events = await openCardsEventStore(pool, 'test');
    cards = new CardsRepository(pool);
    issuer = new InterruptibleIssuer(new SandboxCardIssuer(pool));
    const client = new BusClient(bus);
    const status = new CardStatusChanges(pool, cards, events);
    const ports = new BusAccountPorts(client);
    service = new CardsService(
      pool,
      cards,
      issuer,
      ports,
      status,
      new CardFees(
        cards,
        new CardFeesRepository(pool),
        new BusCardLedger(client),
        ports,
        status,
        new DeadLetters(pool, SCHEMA),
        '1.00',
      ),
      events,
      { physical_available: true },
    );
  });
  afterAll(async () => {
    await pool.end();
    await bus.close();
    await database.drop();
  });

  it('asks an approved identity and a clear screening of the holder', async () => {
    expect(await codeOf(service.issue(request(account('pending'))))).toBe('cardholder_kyc_pending');
    expect(await codeOf(service.issue(request(account('none'))))).toBe('verification_required');
    expect(await codeOf(service.issue(request(account('rejected'))))).toBe('verification_required');
    const unscreened = account();
    accounts.screenings.set(unscreened, [{ name: 'Ada Lovelace', status: 'clear' }]);
    expect(await codeOf(service.issue(request(unscreened)))).toBe('screening_required');
    accounts.screenings.set(unscreened, [
      { name: 'JOSE NUNEZ', status: 'potential_match' },
      { name: 'JOSE NUNEZ', status: 'clear' },
    ]);
    // The newest screening of the holder counts.
    expect(await codeOf(service.issue(request(unscreened)))).toBe('screening_required');
    const card = await service.issue(request(account()));
    expect(card).toMatchObject({ status: 'active', cardholder_name: 'JOSE NUNEZ' });
  });

  it('issues at most 5 cards of an account under concurrent creates', async () => {
    const account_id = account();
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () => codeOf(service.issue(request(account_id)))),
    );
    expect(outcomes.filter((outcome) => outcome === 'issued')).toHaveLength(5);
    expect(outcomes.filter((outcome) => outcome === 'card_limit_reached')).toHaveLength(3);
    expect((await service.list(account_id, 100, 0)).cards).toHaveLength(5);
  });

  it('issues one card for concurrent creates under one key', async () => {
    const account_id = account();
    const created = await Promise.all(
      Array.from({ length: 4 }, () =>
        service.issue(request(account_id, { idempotency_key: 'same-key' })),
      ),
    );
    expect(new Set(created.map((card) => card.card_id)).size).toBe(1);
    expect((await service.list(account_id, 100, 0)).cards).toHaveLength(1);
  });

  it('completes a create cut short by an issuer outage on the retry with its key', async () => {
    const account_id = account();
    issuer.down = true;
    expect(await codeOf(service.issue(request(account_id, { idempotency_key: 'outage' })))).toBe(
      'card_recovery_pending',
    );
    expect((await service.list(account_id, 100, 0)).cards).toEqual([]);
    issuer.down = false;
    const card = await service.issue(request(account_id, { idempotency_key: 'outage' }));
    expect((await service.list(account_id, 100, 0)).cards.map((row) => row.card_id)).toEqual([
      card.card_id,
    ]);
    const issued = await events.readStream(`card-${card.card_id}`);
    expect(issued.map((event) => event.type)).toEqual(['cards.card_issued']);
  });

  it('keeps the full number out of its own tables and events', async () => {
    const account_id = account();
    const card = await service.issue(request(account_id));
    const { pan } = await service.reveal({ account_id, card_id: card.card_id });
    expect(pan.endsWith(card.last4)).toBe(true);
    const { rows } = await pool.query<{ found: string }>(
      `select count(*) as found from (
         select row_to_json(cards)::text as text from cards
         union all select row_to_json(events)::text from cards_events.events
       ) stored where text like '%' || $1 || '%'`,
      [pan],
    );
    expect(rows[0]?.found).toBe('0');
  });
});
