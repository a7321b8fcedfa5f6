import fc from 'fast-check';
import { startServiceUnderTest, type ServiceUnderTest } from '@platform/runtime/service-under-test';
import { ledgerService } from './ledger.module';

type BusReply =
  { ok: true; value: Record<string, unknown> } | { ok: false; error: string; message: string };

/**
 * D7 idempotency races on real PostgreSQL: random concurrent swaps sharing a few keys with
 * equivalent or different payloads. Each key makes exactly one operation, every success for a
 * key answers the same swap, a different payload is `idempotency_conflict`, and the balance
 * moves once per key.
 */
describe('ledger idempotency under concurrent requests (fast-check)', () => {
  let ledger: ServiceUnderTest;

  beforeAll(async () => {
    ledger = await startServiceUnderTest(ledgerService);
  });
  afterAll(async () => ledger.close());

  const send = async (pattern: string, payload: unknown): Promise<BusReply> =>
    (await ledger.bus.request(`ledger.${pattern}`, payload)) as BusReply;

  interface Request {
    key: number;
    /** Whole dollars; `50` and `50.00` spell the same payload. */
    dollars: number;
    spelled_with_cents: boolean;
  }

  const request: fc.Arbitrary<Request> = fc.record({
    key: fc.integer({ min: 0, max: 3 }),
    dollars: fc.integer({ min: 1, max: 2 }),
    spelled_with_cents: fc.boolean(),
  });

  let run = 0;

  it('one operation per key, one answer per key, conflicts for other payloads', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(request, { minLength: 1, maxLength: 12 }), async (requests) => {
        run += 1;
        const account_id = `idem-${run}`;
        const funded = await send('credit_funds', {
          account_id,
          operation_id: `idem-fund-${run}`,
          asset: 'USD',
          amount: '100.00',
          kind: 'payin',
        });
        expect(funded.ok).toBe(true);
        const replies = await Promise.all(
          requests.map((current) =>
            send('create_swap', {
              account_id,
              from_asset: 'USD',
              to_asset: 'USDT',
              amount: current.spelled_with_cents ? `${current.dollars}.00` : `${current.dollars}`,
              idempotency_key: `key-${current.key}`,
            }),
          ),
        );
        let expected_spent_cents = 0n;
        for (const key of new Set(requests.map((current) => current.key))) {
          const answered = requests
            .map((current, index) => ({ current, reply: replies[index]! }))
            .filter(({ current }) => current.key === key);
          const successes = answered.filter(({ reply }) => reply.ok);
          expect(successes.length).toBeGreaterThan(0);
          const first = successes[0]!.reply as { ok: true; value: Record<string, unknown> };
          const winning_amount = String(first.value.from_amount);
          expected_spent_cents += BigInt(winning_amount.replace('.', ''));
          const same_payload = answered.filter(
            ({ current }) => `${current.dollars}.00` === winning_amount,
          );
          // One execution; every other answer with the same payload is its replay, marked so.
          expect(same_payload.filter(({ reply }) => !('replayed' in reply))).toHaveLength(1);
          const { replayed: _first_replayed, ...first_value } = first as typeof first & {
            replayed?: boolean;
          };
          for (const { current, reply } of answered) {
            if (`${current.dollars}.00` === winning_amount) {
              const { replayed: _replayed, ...value } = reply as typeof reply & {
                replayed?: boolean;
              };
              expect(value).toEqual(first_value);
            } else {
              expect(reply).toMatchObject({ ok: false, error: 'idempotency_conflict' });
            }
          }
        }
        const listed = await send('list_swaps', { account_id, page_size: 100 });
        expect(listed.ok && (listed.value.swaps as unknown[]).length).toBe(
          new Set(requests.map((current) => current.key)).size,
        );
        const sheet = await send('get_balance_sheet', { account_id });
        const balances = sheet.ok
          ? (sheet.value.balances as { asset: string; available: string }[])
          : [];
        const usd = balances.find((row) => row.asset === 'USD')?.available;
        const left_cents = (10_000n - expected_spent_cents).toString().padStart(3, '0');
        expect(usd).toBe(`${left_cents.slice(0, -2)}.${left_cents.slice(-2)}`);
      }),
      { numRuns: 25 },
    );
  });
});
