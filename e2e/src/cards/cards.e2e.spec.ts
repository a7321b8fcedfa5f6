import { startPlatform, type E2ePlatform } from '../harness';
import {
  bearer,
  cardsClient,
  eventsClient,
  eventually,
  expectError,
  identityClient,
  json,
  SHIPPING_ADDRESS,
  virtualCard,
  type CardBody,
  type CardsClient,
  type TestAccount,
  verificationClient,
} from '../clients';

/** The Luhn check of a full card number. */
function passesLuhn(pan: string): boolean {
  let sum = 0;
  [...pan].reverse().forEach((char, index) => {
    let digit = Number(char);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  });
  return sum % 10 === 0;
}

/**
 * Cards over HTTP (issue 17): issuing with its rules and codes, the catalogs, the state machine,
 * BOLA, listings and exports, and the card data behind OTP.
 */
describe('cards', () => {
  let platform: E2ePlatform;
  let cards: CardsClient;
  let owner: TestAccount;
  let other: TestAccount;
  const identity = identityClient(() => platform.environments.test);
  const events = eventsClient(() => platform.environments.test);

  beforeAll(async () => {
    platform = await startPlatform({
      label: 'cards',
      live: true,
      settings: { SANDBOX_STEP_MS: '50' },
    });
    cards = cardsClient(platform.environments.test);
    [owner, other] = await Promise.all([cards.holder('cardown'), cards.holder('cardoth')]);
  });
  afterAll(async () => platform.close());

  it('issues an active virtual card that shows only its last four digits', async () => {
    const card = await cards.issue(owner, virtualCard({ business_activity: 'software' }));
    expect(card).toEqual({
      card_id: expect.any(String),
      account_id: owner.account_id,
      type: 'virtual',
      status: 'active',
      reason: null,
      last4: expect.stringMatching(/^\d{4}$/),
      expiry: expect.stringMatching(/^(0[1-9]|1[0-2])\/\d{2}$/),
      cardholder_name: 'ADA LOVELACE',
      occupation: 'engineer',
      business_activity: 'software',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(await json(await cards.cardRaw(owner, card.card_id), 200)).toEqual(card);
    await expectError(await cards.cardRaw(other, card.card_id), 404, 'not_found');
    await expectError(await cards.cardRaw(owner, 'not-a-card'), 404, 'not_found');
  });

  it('replays a create under the same key and refuses another request under it', async () => {
    const key = `card-key-${Date.now()}`;
    const first = await json<CardBody>(
      await cards.issueRaw(owner, virtualCard(), { 'idempotency-key': key }),
      201,
    );
    expect(first.idempotency_key).toBe(key);
    const again = await json<CardBody>(
      await cards.issueRaw(
        owner,
        virtualCard({
          idempotency_key: key,
          cardholder: { first_name: 'ada', last_name: 'LOVELACE' },
        }),
      ),
      201,
    );
    expect(again).toEqual(first);
    await expectError(
      await cards.issueRaw(owner, virtualCard({ idempotency_key: key, occupation: 'teacher' })),
      409,
      'idempotency_conflict',
    );
    await cards.action(owner, first.card_id, 'cancel');
  });

  it('answers the spec codes for a bad request and issues nothing', async () => {
    const account = await cards.holder('cardbad');
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [
        virtualCard({ cardholder: { first_name: 'Maximiliano', last_name: 'Abcdefghijkl' } }),
        422,
        'cardholder_name_too_long',
      ],
      [
        virtualCard({ cardholder: { first_name: '', last_name: 'Lovelace' } }),
        400,
        'invalid_request',
      ],
      [virtualCard({ type: 'metal' }), 400, 'invalid_request'],
      [virtualCard({ occupation: 'pirate' }), 400, 'invalid_occupation'],
      [virtualCard({ business_activity: 'smuggling' }), 400, 'invalid_kind_of_business'],
      [virtualCard({ type: 'physical' }), 422, 'issuer_data_incomplete'],
      [
        virtualCard({ type: 'physical', shipping_address: { line1: 'x', city: 'y' } }),
        422,
        'issuer_data_incomplete',
      ],
      [
        virtualCard({ cardholder: { first_name: 'Grace', last_name: 'Hopper' } }),
        422,
        'screening_required',
      ],
    ];
    for (const [body, status, code] of cases)
      await expectError(await cards.issueRaw(account, body), status, code);
    expect((await cards.list(account)).cards).toEqual([]);
  });

  it('asks a screening of the holder that is clear', async () => {
    const account = await cards.register('cardscr');
    await expectError(await cards.issueRaw(account, virtualCard()), 422, 'screening_required');
    await cards.screenHolder(account, 'SANCTIONED Person');
    const matched = virtualCard({ cardholder: { first_name: 'Sanctioned', last_name: 'Person' } });
    await expectError(await cards.issueRaw(account, matched), 422, 'screening_required');
    await cards.screenHolder(account, 'Ada Lovelace');
    expect((await cards.issue(account)).status).toBe('active');
  });

  it('answers verification_required to an account whose identity is not verified (live)', async () => {
    const live = cardsClient(platform.environments.live);
    const account = await live.register('cardlive');
    await expectError(await live.issueRaw(account, virtualCard()), 403, 'verification_required');
  });

  it('answers cardholder_kyc_pending while the identity verification is under review (live)', async () => {
    const verification = verificationClient(platform.environments.live);
    const live = cardsClient(platform.environments.live);
    const account = await verification.accountWith2fa('cardkyc', { org: 'demo', locale: 'en' });
    const issued = await verification.link(account);
    await verification.completePerson(issued.url);
    await eventually(
      async () =>
        json<{ kyc_status: string }>(
          await live.request('GET', '/v1/me', { token: account.access_token }),
          200,
        ),
      (profile) => profile.kyc_status === 'pending',
    );
    await expectError(await live.issueRaw(account, virtualCard()), 409, 'cardholder_kyc_pending');
  });

  it('has no sandbox card routes in live', async () => {
    // The card simulator (authorizations, the fee run) is the sandbox's only.
    const live = cardsClient(platform.environments.live);
    const account = await live.register('cardlive');
    await expectError(await live.runFeesRaw(account, '2026-01'), 404, 'not_found');
    await expectError(
      await live.transactRaw(account, '00000000-0000-4000-8000-000000000000', {
        kind: 'authorization',
        amount: '1.00',
        merchant: 'x',
      }),
      404,
      'not_found',
    );
  });

  it('holds at most 5 cards that are not cancelled', async () => {
    const account = await cards.holder('cardlim');
    const issued: CardBody[] = [];
    for (let index = 0; index < 5; index++) issued.push(await cards.issue(account));
    await expectError(await cards.issueRaw(account, virtualCard()), 409, 'card_limit_reached');
    await cards.action(account, issued[0]!.card_id, 'cancel');
    expect((await cards.issue(account)).status).toBe('active');
  });

  it('activates a physical card once, and moves through freeze, unfreeze and cancel', async () => {
    const account = await cards.holder('cardlife');
    const physical = await cards.issue(
      account,
      virtualCard({ type: 'physical', shipping_address: SHIPPING_ADDRESS }),
    );
    expect(physical).toMatchObject({ type: 'physical', status: 'pending_activation' });
    await expectError(
      await cards.actionRaw(account, physical.card_id, 'freeze'),
      409,
      'card_not_pending',
    );
    await expectError(await cards.actionRaw(other, physical.card_id, 'activate'), 404, 'not_found');
    expect((await cards.action(account, physical.card_id, 'activate')).status).toBe('active');
    await expectError(
      await cards.actionRaw(account, physical.card_id, 'activate'),
      409,
      'card_not_pending',
    );

    const frozen = await cards.action(account, physical.card_id, 'freeze');
    expect(frozen).toMatchObject({ status: 'frozen', reason: 'user_requested' });
    expect(await cards.action(account, physical.card_id, 'freeze')).toEqual(frozen);
    const active = await cards.action(account, physical.card_id, 'unfreeze');
    expect(active).toMatchObject({ status: 'active', reason: null });
    expect(await cards.action(account, physical.card_id, 'unfreeze')).toEqual(active);
    expect((await cards.action(account, physical.card_id, 'cancel')).status).toBe('cancelled');
    for (const name of ['activate', 'freeze', 'unfreeze', 'cancel'] as const)
      await expectError(
        await cards.actionRaw(account, physical.card_id, name),
        409,
        'card_cancelled',
      );
  });

  it('lists the cards newest first, and exports them without card numbers', async () => {
    const account = await cards.holder('cardlist');
    const first = await cards.issue(account);
    const second = await cards.issue(account);
    const page = await cards.list(account, '?page_size=1');
    expect(page).toMatchObject({ page: 1, page_size: 1 });
    expect(page.cards.map((card) => card.card_id)).toEqual([second.card_id]);
    expect((await cards.list(account, '?page=2&page_size=1')).cards[0]?.card_id).toBe(
      first.card_id,
    );
    expect((await cards.list(other)).cards.map((card) => card.card_id)).not.toContain(
      first.card_id,
    );

    const csv = await cards.listRaw(account, '?format=csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    expect(text).toContain('Card ID');
    expect(text).toContain(first.card_id);
    expect(text).toContain(first.last4);
    expect(text).not.toMatch(/\d{13,19}/);
    const xlsx = await cards.listRaw(account, '?format=xlsx');
    expect(xlsx.status).toBe(200);
    expect(
      Buffer.from(await xlsx.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });

  it('searches the catalogs by code or label, case and accents aside', async () => {
    await expectError(await cards.catalogRaw(owner, 'occupations'), 400, 'query_required');
    await expectError(await cards.catalogRaw(owner, 'occupations', '?q='), 400, 'query_required');
    expect(
      await json(await cards.catalogRaw(owner, 'occupations', '?q=MEDICO&lang=es'), 200),
    ).toEqual({
      entries: [{ code: 'doctor', label: 'Médico' }],
    });
    expect(
      await json(await cards.catalogRaw(owner, 'business-activities', '?q=electronico'), 200),
    ).toEqual({ entries: [{ code: 'ecommerce', label: 'E-commerce' }] });
    await expectError(
      await cards.catalogRaw(owner, 'occupations', '?q=a&lang=fr'),
      400,
      'invalid_language',
    );
  });

  it('shows the number and code only to a session with a fresh OTP', async () => {
    const card = await cards.issue(owner);
    await expectError(await cards.sensitiveRaw(owner, card.card_id), 403, 'otp_required');
    await expectError(
      await cards.sensitiveRaw(owner, card.card_id, 'otp_not-a-token'),
      403,
      'otp_invalid',
    );
    const others_token = await identity.otpToken(other.access_token, 'card.reveal');
    await expectError(
      await cards.sensitiveRaw(other, card.card_id, others_token),
      404,
      'not_found',
    );
    const shown = await cards.sensitiveRaw(
      owner,
      card.card_id,
      await identity.otpToken(owner.access_token, 'card.reveal'),
    );
    expect(shown.headers.get('cache-control')).toBe('no-store');
    const data = await json<{ card_id: string; pan: string; cvv: string; expiry: string }>(
      shown,
      200,
    );
    expect(data).toEqual({
      card_id: card.card_id,
      pan: expect.stringMatching(/^\d{16}$/),
      cvv: expect.stringMatching(/^\d{3}$/),
      expiry: card.expiry,
    });
    expect(passesLuhn(data.pan)).toBe(true);
    expect(data.pan.endsWith(card.last4)).toBe(true);

    const api_key = await identity.issueApiKey(owner.access_token, 'cards');
    await expectError(
      await cards.sensitiveRaw({ headers: bearer(api_key) }, card.card_id),
      403,
      'session_required',
    );
    // The number is never in a listing, a card or the account's events.
    const listed = JSON.stringify(await cards.list(owner, '?page_size=100'));
    expect(listed).not.toContain(data.pan);
    const history = await eventually(
      () => events.listed(owner.access_token, '?types=card_status_changed'),
      () => true,
    );
    expect(JSON.stringify(history)).not.toContain(data.pan);
  });

  it('documents every card route', async () => {
    const document = await json<{
      paths: Record<string, Record<string, { summary?: string; description?: string }>>;
    }>(await cards.request('GET', '/openapi.json'), 200);
    const routes: Array<[string, string]> = [
      ['/v1/cards', 'post'],
      ['/v1/cards', 'get'],
      ['/v1/cards/{id}', 'get'],
      ['/v1/cards/{id}/activate', 'post'],
      ['/v1/cards/{id}/freeze', 'post'],
      ['/v1/cards/{id}/unfreeze', 'post'],
      ['/v1/cards/{id}/cancel', 'post'],
      ['/v1/cards/{id}/sensitive', 'get'],
      ['/v1/cards/{id}/transactions', 'get'],
      ['/v1/cards/catalog/occupations', 'get'],
      ['/v1/cards/catalog/business-activities', 'get'],
      ['/v1/sandbox/cards/{id}/transactions', 'post'],
      ['/v1/sandbox/cards/fees/run', 'post'],
    ];
    for (const [path, method] of routes)
      expect(document.paths[path]?.[method]?.summary).toBeTruthy();
    expect(document.paths['/v1/cards']?.post?.description).toContain('card_limit_reached');
  });
});
