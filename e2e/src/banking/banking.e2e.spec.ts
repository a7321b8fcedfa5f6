import { parseString } from '@fast-csv/parse';
import ExcelJS from 'exceljs';
import { startPlatform, type E2ePlatform } from '../harness';
import {
  awaitEvents,
  BANK_DETAILS,
  bankingClient,
  eventually,
  eventsClient,
  expectError,
  json,
  receivedEvents,
  startWebhookReceiver,
  type BankAccountBody,
  type SseClient,
  type TestAccount,
  type WebhookReceiver,
} from '../clients';

type Body = Record<string, any>;

/** The rows of a CSV with a header line, by a real CSV parser. */
function parseCsv(text: string): Promise<Record<string, string>[]> {
  return new Promise((resolve, reject) => {
    const rows: Record<string, string>[] = [];
    parseString(text, { headers: true })
      .on('data', (row: Record<string, string>) => rows.push(row))
      .on('error', reject)
      .on('end', () => resolve(rows));
  });
}

/** ISO 13616 check, written here again so the suite does not trust the service's own. */
function ibanChecksumHolds(iban: string): boolean {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  const digits = [...rearranged].map((char) => parseInt(char, 36).toString()).join('');
  return BigInt(digits) % 97n === 1n;
}

/** ABA: 3, 7, 1 weights over the 9 digits sum to a multiple of 10. */
function abaChecksumHolds(routing: string): boolean {
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  return [...routing].reduce((sum, digit, at) => sum + Number(digit) * weights[at]!, 0) % 10 === 0;
}

/**
 * Bank accounts over HTTP: the banking customer and its approval, USD and EUR accounts with
 * their coordinates and balances, third parties, payments with fees, the sandbox's rejections
 * and inbound transfers, idempotency, BOLA, the events on webhooks and the stream, and the
 * banking series of the balance history. The live environment's rules are banking-live's.
 */
describe('banking', () => {
  let platform: E2ePlatform;
  let receiver: WebhookReceiver;
  let stream: SseClient;
  let owner: TestAccount;
  let other: TestAccount;
  let usd: BankAccountBody;
  let eur: BankAccountBody;
  const bank = bankingClient(() => platform.environments.test);
  const events = eventsClient(() => platform.environments.test);
  const delivered = (type: string, match: (data: Body) => boolean, count = 1) =>
    awaitEvents(receivedEvents(receiver), type, match, count);
  const streamed = (type: string, match: (data: Body) => boolean) =>
    awaitEvents(() => stream.published(), type, match);
  /** The owner's US beneficiary (registering it again answers the same one). */
  const usPayee = () =>
    bank.thirdParty(owner, {
      name: 'Bob LLC',
      routing_number: BANK_DETAILS.routing_number,
      account_number: '123456789',
    });

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    platform = await startPlatform({
      label: 'banking',
      settings: {
        SANDBOX_STEP_MS: '50',
        WEBHOOKS_ALLOW_LOOPBACK: 'true',
        WEBHOOK_POLL_MS: '100',
        BANKING_PAYMENT_FEE_USD: '0.50',
        BANKING_PAYMENT_FEE_EUR: '1.00',
      },
    });
    // One after the other: each confirm seeds a demo history across services, which on Kafka,
    // right after a deployment booted, two side by side could take past the bus timeout.
    owner = await bank.register('bankown');
    other = await bank.register('bankoth');
    await events.subscription(owner.access_token, {
      event_type: '*',
      callback_url: receiver.url('/banking'),
      secret: 'banking-webhook-secret-0123456789',
    });
    stream = await (await events.stream(owner.access_token)).connected();
  });
  afterAll(async () => {
    stream?.close();
    await platform?.close();
    await receiver?.close();
  });

  it('answers no_banking_customer on every banking route before the customer exists', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const response of [
      await bank.accountsRaw(owner),
      await bank.accountRaw(owner, id),
      await bank.balanceRaw(owner, id),
      await bank.thirdPartyRaw(owner, { name: 'Ana', iban: BANK_DETAILS.iban_de }),
      await bank.thirdPartiesRaw(owner),
      await bank.payRaw(owner, {
        account_id: id,
        third_party_id: id,
        amount: '1.00',
        idempotency_key: 'k',
      }),
      await bank.operationsRaw(owner),
      await bank.operationRaw(owner, id),
      await bank.inboundRaw(owner, { account_id: id, amount: '1.00' }),
    ])
      await expectError(response, 409, 'no_banking_customer');
  });

  it('opens the customer in review, approves it after one step with a USD and a EUR account', async () => {
    const created = await json<Body>(
      await bank.createCustomerRaw(owner, { idempotency_key: 'open-bank' }),
      202,
    );
    expect(created).toEqual({
      customer_id: expect.any(String),
      account_id: owner.account_id,
      kyc_status: 'in_review',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    await expectError(await bank.createCustomerRaw(owner, {}), 409, 'banking_customer_exists');
    // A retry under the key that opened it answers the customer again.
    expect(
      (await json<Body>(await bank.createCustomerRaw(owner, { idempotency_key: 'open-bank' }), 202))
        .customer_id,
    ).toBe(created.customer_id);
    ({ usd, eur } = await bank.openedAccounts(owner));
    expect(usd).toEqual({
      bank_account_id: expect.any(String),
      currency: 'USD',
      status: 'active',
      routing_number: expect.stringMatching(/^\d{9}$/),
      account_number: expect.stringMatching(/^\d{12}$/),
      created_at: expect.any(String),
    });
    expect(abaChecksumHolds(usd.routing_number!)).toBe(true);
    expect(eur).toEqual({
      bank_account_id: expect.any(String),
      currency: 'EUR',
      status: 'active',
      iban: expect.stringMatching(/^DE\d{20}$/),
      bic: expect.stringMatching(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/),
      created_at: expect.any(String),
    });
    expect(ibanChecksumHolds(eur.iban!)).toBe(true);
    expect(await json(await bank.accountRaw(owner, eur.bank_account_id), 200)).toEqual(eur);
    expect(await bank.balance(owner, usd.bank_account_id)).toEqual({
      bank_account_id: usd.bank_account_id,
      balance: { available: '0.00', held: '0.00', currency: 'USD' },
      available: '0.00',
      held: '0.00',
      currency: 'USD',
    });

    const customer = (status: string) => (data: Body) =>
      data.customer_id === created.customer_id && data.kyc_status === status;
    for (const status of ['in_review', 'approved']) {
      const [hook] = await delivered('banking_customer_status_changed', customer(status));
      expect(hook!.data).toEqual({
        account_id: owner.account_id,
        customer_id: created.customer_id,
        kyc_status: status,
      });
      await streamed('banking_customer_status_changed', customer(status));
    }
  });

  it('registers third parties by IBAN or US account, with the spec codes for bad details', async () => {
    const ana = await bank.thirdParty(owner, { name: 'Ana GmbH', iban: BANK_DETAILS.iban_de });
    expect(ana).toEqual({
      third_party_id: expect.any(String),
      name: 'Ana GmbH',
      currency: 'EUR',
      status: 'approved',
      iban: 'DE89370400440532013000',
      created_at: expect.any(String),
    });
    const bob = await usPayee();
    expect(bob).toMatchObject({ currency: 'USD', routing_number: '021000021' });
    // The same details under the same name answer the same beneficiary; another name conflicts.
    expect(
      (await bank.thirdParty(owner, { name: 'Ana GmbH', iban: 'de89370400440532013000' }))
        .third_party_id,
    ).toBe(ana.third_party_id);
    await expectError(
      await bank.thirdPartyRaw(owner, { name: 'Not Ana', iban: BANK_DETAILS.iban_de }),
      409,
      'bank_ref_conflict',
    );
    await expectError(
      await bank.thirdPartyRaw(owner, { name: 'Eve', iban: 'DE89370400440532013001' }),
      400,
      'invalid_iban',
    );
    await expectError(
      await bank.thirdPartyRaw(owner, { name: 'Eve', iban: 'DE8937040044053201300' }),
      400,
      'invalid_iban',
    );
    await expectError(
      await bank.thirdPartyRaw(owner, {
        name: 'Eve',
        routing_number: '021000022',
        account_number: '123456789',
      }),
      400,
      'invalid_request',
    );
    await expectError(
      await bank.thirdPartyRaw(owner, {
        name: 'Eve',
        routing_number: BANK_DETAILS.routing_number,
        account_number: '12',
      }),
      400,
      'invalid_request',
    );
    await expectError(await bank.thirdPartyRaw(owner, { name: 'Eve' }), 400, 'invalid_request');
    await expectError(
      await bank.thirdPartyRaw(owner, { iban: BANK_DETAILS.iban_gb }),
      400,
      'invalid_name',
    );
    // A key answers its beneficiary to the same request and refuses another one.
    const keyed = { name: 'Cy SARL', iban: BANK_DETAILS.iban_gb, idempotency_key: 'tp-cy' };
    const cy = await bank.thirdParty(owner, keyed);
    expect((await bank.thirdParty(owner, keyed)).third_party_id).toBe(cy.third_party_id);
    await expectError(
      await bank.thirdPartyRaw(owner, { ...keyed, name: 'Cy Ltd' }),
      409,
      'idempotency_conflict',
    );
    const listed = await json<{ third_parties: Body[] }>(await bank.thirdPartiesRaw(owner), 200);
    expect(listed.third_parties.map((row) => row.third_party_id)).toEqual([
      cy.third_party_id,
      bob.third_party_id,
      ana.third_party_id,
    ]);
  });

  it('credits inbound transfers and pays third parties with the fee, once per key', async () => {
    const credited = await bank.inbound(owner, usd.bank_account_id, '100.00');
    expect(credited).toMatchObject({
      type: 'inbound',
      status: 'completed',
      currency: 'USD',
      amount: '100.00',
      fee: '0.00',
      bank_account_id: usd.bank_account_id,
    });
    const payee = (await usPayee()).third_party_id;
    const payment = {
      account_id: usd.bank_account_id,
      third_party_id: payee,
      amount: '10.00',
      idempotency_key: 'bank-pay-1',
    };
    // 99.51 and its 0.50 fee is 100.01: more than the balance.
    await expectError(
      await bank.payRaw(owner, { ...payment, amount: '99.51', idempotency_key: 'too-much' }),
      402,
      'insufficient_funds',
    );
    const paid = await bank.pay(owner, payment);
    expect(paid).toMatchObject({
      type: 'payment',
      status: 'processing',
      amount: '10.00',
      fee: '0.50',
      third_party_id: payee,
      idempotency_key: 'bank-pay-1',
    });
    expect(await bank.balance(owner, usd.bank_account_id)).toMatchObject({
      available: '89.50',
      balance: { available: '89.50' },
    });
    // The same request (50.0 is 50.00) answers the same operation; another body conflicts.
    expect((await bank.pay(owner, { ...payment, amount: '10.0' })).operation_id).toBe(
      paid.operation_id,
    );
    const replayed = await bank.payRaw(
      owner,
      { ...payment, idempotency_key: undefined },
      { 'idempotency-key': 'bank-pay-1' },
    );
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    const by_header = await json<Body>(replayed, 201);
    expect(by_header.operation_id).toBe(paid.operation_id);
    await expectError(
      await bank.payRaw(owner, { ...payment, amount: '11.00' }),
      409,
      'idempotency_conflict',
    );
    await expectError(
      await bank.payRaw(owner, { ...payment, idempotency_key: undefined }),
      400,
      'idempotency_key_required',
    );
    await expectError(
      await bank.payRaw(owner, { ...payment, amount: '1.001', idempotency_key: 'k3' }),
      400,
      'invalid_amount',
    );
    expect(await bank.settled(owner, paid.operation_id)).toMatchObject({ status: 'completed' });
    expect((await bank.balance(owner, usd.bank_account_id)).available).toBe('89.50');

    const of = (status: string) => (data: Body) =>
      data.operation_id === paid.operation_id && data.status === status;
    for (const status of ['processing', 'completed']) {
      const [hook] = await delivered('banking_operation_status_changed', of(status));
      expect(hook!.data).toEqual({
        account_id: owner.account_id,
        customer_id: paid.customer_id,
        operation_id: paid.operation_id,
        type: 'payment',
        status,
      });
      await streamed('banking_operation_status_changed', of(status));
    }
  });

  it('fails a sandbox payment ending .99 and gives the debit back', async () => {
    const payee = (await usPayee()).third_party_id;
    const before = (await bank.balance(owner, usd.bank_account_id)).available;
    const paid = await bank.pay(owner, {
      account_id: usd.bank_account_id,
      third_party_id: payee,
      amount: '5.99',
      idempotency_key: 'bank-pay-rejected',
    });
    expect(await bank.settled(owner, paid.operation_id)).toMatchObject({
      status: 'failed',
      failure_code: 'rejected_by_bank',
    });
    expect((await bank.balance(owner, usd.bank_account_id)).available).toBe(before);
    await delivered(
      'banking_operation_status_changed',
      (data) => data.operation_id === paid.operation_id && data.status === 'failed',
    );
  });

  it('answers banking_recovery_pending while the bank has not confirmed a payment ending .77', async () => {
    const payee = (await usPayee()).third_party_id;
    const before = (await bank.balance(owner, usd.bank_account_id)).available;
    const payment = {
      account_id: usd.bank_account_id,
      third_party_id: payee,
      amount: '1.77',
      idempotency_key: 'bank-pay-lost-answer',
    };
    await expectError(await bank.payRaw(owner, payment), 503, 'banking_recovery_pending');
    // Once the bank confirms it, the retry answers the one operation the key made.
    const recovered = await eventually(
      () => bank.payRaw(owner, payment),
      (response) => response.status !== 503,
    );
    const operation = await json<Body>(recovered, 201);
    expect(operation).toMatchObject({ status: 'completed', amount: '1.77', fee: '0.50' });
    const listed = await json<{ operations: Body[] }>(await bank.operationsRaw(owner), 200);
    expect(
      listed.operations.filter((row) => row.idempotency_key === 'bank-pay-lost-answer'),
    ).toHaveLength(1);
    // Put the balance back for the history below: an inbound of what the payment took.
    await bank.inbound(owner, usd.bank_account_id, '2.27');
    expect((await bank.balance(owner, usd.bank_account_id)).available).toBe(before);
  });

  it('runs EUR payments between IBANs only: banking_eur_requires_viban otherwise', async () => {
    const inbound = await bank.inbound(owner, eur.bank_account_id, '50.00');
    const [hook] = await delivered(
      'banking_virtual_iban_inbound',
      (data) => data.operation_id === inbound.operation_id,
    );
    expect(hook!.data).toEqual({
      operation_id: inbound.operation_id,
      account_id: owner.account_id,
      bank_account_id: eur.bank_account_id,
      amount: '50.00',
      currency: 'EUR',
    });
    await streamed(
      'banking_virtual_iban_inbound',
      (data) => data.operation_id === inbound.operation_id,
    );
    const ana = await bank.thirdParty(owner, { name: 'Ana GmbH', iban: BANK_DETAILS.iban_de });
    const bob = await usPayee();
    await expectError(
      await bank.payRaw(owner, {
        account_id: eur.bank_account_id,
        third_party_id: bob.third_party_id,
        amount: '1.00',
        idempotency_key: 'eur-to-us',
      }),
      400,
      'banking_eur_requires_viban',
    );
    await expectError(
      await bank.payRaw(owner, {
        account_id: usd.bank_account_id,
        third_party_id: ana.third_party_id,
        amount: '1.00',
        idempotency_key: 'usd-to-iban',
      }),
      400,
      'banking_eur_requires_viban',
    );
    const sepa = await bank.pay(owner, {
      account_id: eur.bank_account_id,
      third_party_id: ana.third_party_id,
      amount: '20.00',
      idempotency_key: 'eur-sepa',
    });
    expect(sepa).toMatchObject({ currency: 'EUR', fee: '1.00' });
    await bank.settled(owner, sepa.operation_id);
    expect(await bank.balance(owner, eur.bank_account_id)).toMatchObject({
      available: '29.00',
      currency: 'EUR',
    });
    const listed = await json<{ page: number; operations: Body[] }>(
      await bank.operationsRaw(owner, '?page_size=2'),
      200,
    );
    expect(listed.operations.map((row) => row.operation_id)).toEqual([
      sepa.operation_id,
      inbound.operation_id,
    ]);
  });

  it("answers 404 for another account's bank account, third party and operation", async () => {
    await bank.approvedCustomer(other);
    const mine = await json<{ operations: Body[] }>(await bank.operationsRaw(owner), 200);
    const payee = (await json<{ third_parties: Body[] }>(await bank.thirdPartiesRaw(owner), 200))
      .third_parties[0]!;
    await expectError(await bank.accountRaw(other, usd.bank_account_id), 404, 'not_found');
    await expectError(await bank.balanceRaw(other, usd.bank_account_id), 404, 'not_found');
    await expectError(
      await bank.operationRaw(other, mine.operations[0]!.operation_id),
      404,
      'not_found',
    );
    await expectError(
      await bank.inboundRaw(other, { account_id: usd.bank_account_id, amount: '5.00' }),
      404,
      'not_found',
    );
    const theirs = await bank.openedAccounts(other);
    await expectError(
      await bank.payRaw(other, {
        account_id: theirs.usd.bank_account_id,
        third_party_id: payee.third_party_id,
        amount: '1.00',
        idempotency_key: 'someone-elses-payee',
      }),
      404,
      'not_found',
    );
    await expectError(
      await bank.payRaw(other, {
        account_id: usd.bank_account_id,
        third_party_id: payee.third_party_id,
        amount: '1.00',
        idempotency_key: 'someone-elses-account',
      }),
      404,
      'not_found',
    );
    expect(
      (await json<{ operations: Body[] }>(await bank.operationsRaw(other), 200)).operations,
    ).toEqual([]);
  });

  it('charts the daily closing banking balances as BANK_USD and BANK_EUR', async () => {
    type History = {
      assets: { asset: string; decimals: number; in_total_usd: boolean }[];
      days: { date: string; balances: Record<string, string>; total_usd: string }[];
    };
    // The ledger projects the banking service's balance entries as they are published.
    const history = await eventually(
      async () => json<History>(await bank.call(owner, 'GET', '/v1/balances/history'), 200),
      (read) => read.days.at(-1)?.balances.BANK_EUR === '29.00',
    );
    expect(history.assets).toContainEqual({ asset: 'BANK_EUR', decimals: 2, in_total_usd: false });
    const today = history.days.at(-1)!;
    // USD: 100.00 in, 10.00 + 0.50 paid, 5.99 + 0.50 refunded; EUR: 50.00 in, 20.00 + 1.00 paid.
    expect(today.balances).toMatchObject({ BANK_USD: '89.50', BANK_EUR: '29.00' });
    expect(history.days[0]!.balances).toMatchObject({ BANK_USD: '0.00', BANK_EUR: '0.00' });
  });

  it('exports the operations as CSV and XLSX', async () => {
    const listed = await json<{ operations: Body[] }>(
      await bank.operationsRaw(owner, '?page_size=100'),
      200,
    );
    const csv = await bank.operationsRaw(owner, '?format=csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const rows = await parseCsv(await csv.text());
    expect(rows).toHaveLength(listed.operations.length);
    expect(rows[0]).toMatchObject({
      'Operation ID': listed.operations[0]!.operation_id,
      Amount: listed.operations[0]!.amount,
      Currency: listed.operations[0]!.currency,
    });
    const xlsx = await bank.operationsRaw(owner, '?format=xlsx');
    expect(xlsx.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as never);
    // A header row, then one row per operation.
    expect(workbook.worksheets[0]?.rowCount).toBe(listed.operations.length + 1);
    await expectError(await bank.operationsRaw(owner, '?format=pdf'), 400, 'invalid_request');
  });
});
