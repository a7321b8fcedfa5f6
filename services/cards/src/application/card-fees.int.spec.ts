import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Pool } from 'pg';
import { LEDGER_COMMANDS, orgFeeAccountId } from '@platform/contracts';
import type { PgEventStore } from '@platform/event-store';
import { BusClient, InProcessBus } from '@platform/messaging';
import { Money } from '@platform/money';
import { createPool, DeadLetters, migrate } from '@platform/persistence';
import { createTestDatabase, waitFor, type TestDatabase } from '@platform/testing';
import { BusAccountPorts, BusCardLedger } from '../infrastructure/bus-ports';
import { openCardsEventStore } from '../infrastructure/card-events';
import { CardFeesRepository } from '../infrastructure/card-fees.repository';
import { MONTHLY_FEES_TASK, openCardJobs } from '../infrastructure/card-jobs';
import { CardsRepository, type CardRow } from '../infrastructure/cards.repository';
import { SandboxCardIssuer } from '../infrastructure/sandbox-issuer';
import { CardFees } from './card-fees';
import { CardStatusChanges } from './card-status';

/**
 * The ledger as the fee run sees it over the bus: USD balances, transfers applied once per
 * `operation_id` (a repeat replays, as the ledger does), never below zero (`insufficient_funds`).
 * The ledger itself is proven by its own suites; here what matters is how often a fee moves.
 */
class LedgerOnTheBus {
  readonly balances = new Map<string, Money>();
  /** Accounts whose settlement the ledger answers with something that is no asset. */
  readonly broken_settlement = new Set<string>();
  /** Every transfer the ledger applied, by operation id, in order. */
  readonly applied: { operation_id: string; from: string; to: string; amount: string }[] = [];

  credit(account_id: string, amount: string): void {
    this.balances.set(account_id, this.balanceOf(account_id).add(Money.parse('USD', amount)));
  }

  private balanceOf(account_id: string): Money {
    return this.balances.get(account_id) ?? Money.zero('USD');
  }

  async serveOn(bus: InProcessBus): Promise<void> {
    await bus.serve(LEDGER_COMMANDS.get_settlement.name, (payload) => {
      const asset = this.broken_settlement.has((payload as { account_id: string }).account_id)
        ? 'NOPE'
        : 'USD';
      return Promise.resolve({
        ok: true,
        value: { settlement_asset: asset, payin_settlement_asset: asset },
      });
    });
    await bus.serve(LEDGER_COMMANDS.transfer_funds.name, (payload) => {
      const move = payload as {
        from_account_id: string;
        to_account_id: string;
        operation_id: string;
        amount: string;
      };
      if (this.applied.some((done) => done.operation_id === move.operation_id))
        return Promise.resolve({ ok: true, value: {} });
      const amount = Money.parse('USD', move.amount);
      if (this.balanceOf(move.from_account_id).lt(amount))
        return Promise.resolve({
          ok: false,
          error: 'insufficient_funds',
          message: 'the available balance is too low',
        });
      this.balances.set(
        move.from_account_id,
        this.balanceOf(move.from_account_id).subtract(amount),
      );
      this.credit(move.to_account_id, move.amount);
      this.applied.push({
        operation_id: move.operation_id,
        from: move.from_account_id,
        to: move.to_account_id,
        amount: move.amount,
      });
      return Promise.resolve({ ok: true, value: {} });
    });
  }
}

const SCHEMA = 'cards';
const ORG_ID = randomUUID();
const FEE = '1.00';

/**
 * The monthly fee on a real PostgreSQL and the real ledger over the bus: two workers running the
 * same month, a rerun and the durable job charge each card once; a balance that cannot pay
 * freezes the card, and paying later charges the same operation.
 */
describe('card monthly fee', () => {
  let database: TestDatabase;
  let in_process: InProcessBus;
  let ledger: LedgerOnTheBus;
  let pool: Pool;
  let cards: CardsRepository;
  let events: PgEventStore;
  let dead_letters: DeadLetters;
  let bus: BusClient;

  /** A worker's own instance of the fee run, as each process of the service has. */
  const worker = () =>
    new CardFees(
      cards,
      new CardFeesRepository(pool),
      new BusCardLedger(bus),
      new BusAccountPorts(bus),
      new CardStatusChanges(pool, cards, events),
      dead_letters,
      FEE,
    );

  /** An active card of a new account holding `balance` USD. */
  async function cardWithBalance(balance: string): Promise<CardRow> {
    const account_id = randomUUID();
    ledger.credit(account_id, balance);
    const card_id = randomUUID();
    const client = await pool.connect();
    try {
      await cards.claim(client, {
        card_id,
        account_id,
        org_id: ORG_ID,
        type: 'virtual',
        status: 'active',
        reason: null,
        cardholder_name: 'ADA LOVELACE',
        occupation: 'engineer',
        business_activity: null,
        shipping_address: null,
        issuer_ref: null,
        last4: null,
        expiry: null,
        idempotency_key: null,
        fingerprint: 'f',
        created_at: new Date(),
        updated_at: new Date(),
      });
      const issued = await new SandboxCardIssuer(pool).issue({
        card_id,
        type: 'virtual',
        cardholder_name: 'ADA LOVELACE',
      });
      const card = await cards.markIssued(client, card_id, issued);
      if (!card) throw new Error('card not issued');
      return card;
    } finally {
      client.release();
    }
  }

  /** The fee operations of the card the ledger applied. */
  const feeOperations = (card: CardRow): string[] =>
    ledger.applied.filter((move) => move.from === card.account_id).map((move) => move.operation_id);

  const statusOf = async (card: CardRow) =>
    (await cards.get(card.account_id, card.card_id))?.status;

  beforeAll(async () => {
    database = await createTestDatabase('cards_fees');
    in_process = new InProcessBus();
    await in_process.start();
    ledger = new LedgerOnTheBus();
    await ledger.serveOn(in_process);
    bus = new BusClient(in_process);
    pool = createPool({ url: database.url, schema: SCHEMA, max_connections: 8 });
    await migrate(pool, {
      schema: SCHEMA,
      migrations_dir: path.join(__dirname, '../../migrations'),
    });
    await DeadLetters.migrate(pool, SCHEMA);
    dead_letters = new DeadLetters(pool, SCHEMA);
    events = await openCardsEventStore(pool, 'test');
    cards = new CardsRepository(pool);
  });
  afterAll(async () => {
    await pool.end();
    await in_process.close();
    await database.drop();
  });

  it('charges a card once when two workers run the same month, and not again on a rerun', async () => {
    const card = await cardWithBalance('5.00');
    const [first, second] = await Promise.all([
      worker().runMonth('2026-03', card.account_id),
      worker().runMonth('2026-03', card.account_id),
    ]);
    expect(first.charged + first.already_settled).toBe(1);
    expect(second.charged + second.already_settled).toBe(1);
    expect(await worker().runMonth('2026-03', card.account_id)).toEqual({
      month: '2026-03',
      charged: 0,
      unpaid: 0,
      already_settled: 1,
    });
    expect(feeOperations(card)).toEqual([`card-fee:${card.card_id}:2026-03`]);
    expect((await worker().runMonth('2026-04', card.account_id)).charged).toBe(1);
    expect(feeOperations(card)).toHaveLength(2);
    expect(await statusOf(card)).toBe('active');
  });

  it('charges each card once through the durable job, however often it is scheduled', async () => {
    const card = await cardWithBalance('5.00');
    const jobs = await openCardJobs(pool, dead_letters);
    const fees = worker();
    await jobs.start({ [MONTHLY_FEES_TASK]: fees.task });
    try {
      await jobs.schedule(MONTHLY_FEES_TASK, { month: '2026-05' });
      await jobs.schedule(MONTHLY_FEES_TASK, { month: '2026-05' });
      await waitFor(async () => {
        const { rows } = await pool.query<{ pending: string }>(
          `select count(*) as pending from cards_jobs.jobs where task_identifier = $1`,
          [MONTHLY_FEES_TASK],
        );
        return rows[0]?.pending === '0';
      });
    } finally {
      await jobs.stop();
    }
    expect(feeOperations(card)).toEqual([`card-fee:${card.card_id}:2026-05`]);
  });

  it('sets a card that cannot be charged aside and charges the others', async () => {
    const broken = await cardWithBalance('5.00');
    const fine = await cardWithBalance('5.00');
    ledger.broken_settlement.add(broken.account_id);
    // One run over every account: the broken card is set aside, the run goes on.
    await worker().runMonth('2026-07', null);
    expect(feeOperations(fine)).toEqual([`card-fee:${fine.card_id}:2026-07`]);
    expect(feeOperations(broken)).toEqual([]);
    const letters = await dead_letters.list({
      source: 'job:cards.monthly_fees',
      limit: 100,
      offset: 0,
    });
    expect(letters.dead_letters.map((letter) => letter.record_key)).toContain(
      `${broken.card_id}:2026-07`,
    );
    expect(await statusOf(broken)).toBe('active');
  });

  it('freezes a card that cannot pay, and charges the same operation once it is paid', async () => {
    const card = await cardWithBalance('0.40');
    const fees = worker();
    expect(await fees.runMonth('2026-06', card.account_id)).toMatchObject({ unpaid: 1 });
    const frozen = await cards.get(card.account_id, card.card_id);
    expect(frozen).toMatchObject({ status: 'frozen', reason: 'monthly_fee_unpaid' });
    const changes = await events.readStream(`card-${card.card_id}`);
    expect(changes.map((event) => [event.type, event.data])).toEqual([
      [
        'cards.card_status_changed',
        expect.objectContaining({ status: 'frozen', reason: 'monthly_fee_unpaid' }),
      ],
    ]);
    await expect(fees.settleUnpaid(frozen!)).rejects.toMatchObject({ code: 'insufficient_funds' });
    expect(feeOperations(card)).toEqual([]);

    ledger.credit(card.account_id, '2.00');
    await fees.settleUnpaid(frozen!);
    await fees.settleUnpaid(frozen!);
    expect(feeOperations(card)).toEqual([`card-fee:${card.card_id}:2026-06`]);
    expect(await fees.runMonth('2026-06', card.account_id)).toMatchObject({ already_settled: 1 });
    // The fee went to the organization's fee account; the account kept the rest.
    expect(ledger.applied.at(-1)).toMatchObject({ to: orgFeeAccountId(ORG_ID), amount: FEE });
    expect(ledger.balances.get(card.account_id)?.toString()).toBe('1.40');
  });
});
