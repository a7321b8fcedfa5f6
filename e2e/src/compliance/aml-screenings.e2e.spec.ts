import { startPlatform, type E2ePlatform } from '../harness';
import {
  amlClient,
  amlKey,
  amlPerson,
  expectError,
  json,
  type AmlClient,
  type TestAccount,
} from '../clients';

/**
 * AML screenings over HTTP (decisions D8): the bundled sample lists, fuzzy matching, the sandbox
 * names, idempotent creation, listings and reads scoped to the account, the cities catalog, and
 * refusals with the spec's codes that change nothing.
 */
describe('AML screenings', () => {
  let platform: E2ePlatform;
  let aml: AmlClient;
  let owner: TestAccount;
  let other: TestAccount;

  beforeAll(async () => {
    platform = await startPlatform({ label: 'amlscreen' });
    aml = amlClient(platform.environments.test);
    [owner, other] = await Promise.all([aml.register('amlowner'), aml.register('amlother')]);
  });
  afterAll(async () => platform.close());

  it('an unlisted person is clear', async () => {
    const screening = await aml.screen(owner, amlPerson('Ana Silva'));
    expect(screening).toEqual({
      screening_id: expect.any(String),
      status: 'clear',
      subject: { type: 'person', name: 'Ana Silva', country: 'BO', doc_id: null, birth_date: null },
      matches: [],
      monitoring: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it('a sanctioned name written in Cyrillic, in another order, still matches the list', async () => {
    const exact = await aml.screen(owner, amlPerson('Dmitri Aleksandrovich Volkov'));
    expect(exact.status).toBe('match');
    expect(exact.matches[0]).toEqual({
      list: 'ofac_sdn',
      name: 'VOLKOV, Dmitri Aleksandrovich',
      score: 1,
      reasons: ['token_order'],
    });
    const cyrillic = await aml.screen(owner, amlPerson('Волков Дмитрий Александрович'));
    expect(cyrillic.status).not.toBe('clear');
    expect(cyrillic.matches[0]).toMatchObject({ list: 'ofac_sdn' });
  });

  it('a PEP of the list is a potential match; a company matches by its alias', async () => {
    const pep = await aml.screen(owner, amlPerson('Elena Márquez Rojas'));
    expect(pep.status).toBe('potential_match');
    expect(pep.matches[0]).toMatchObject({ list: 'pep', name: 'Elena Marquez Rojas' });
    const company = await aml.screen(owner, {
      type: 'company',
      name: 'North Wind Shipping',
      country: 'PA',
    });
    expect(company.status).toBe('match');
    expect(company.matches[0]?.reasons).toContain('alias');
  });

  it('sandbox names: SANCTIONED is a match, PEP a potential match', async () => {
    expect((await aml.screen(owner, amlPerson('Juan SANCTIONED'))).status).toBe('match');
    expect((await aml.screen(owner, amlPerson('Maria PEP'))).status).toBe('potential_match');
  });

  it('the same key answers the same screening, with no second row', async () => {
    const key = amlKey('replay');
    const first = await aml.screen(owner, amlPerson('Luis Replay', { doc_id: 'X1234' }), key);
    const before = (await aml.list(owner, '?page_size=100')).screenings.length;
    const again = await aml.screen(owner, amlPerson('Luis Replay', { doc_id: 'X1234' }), key);
    expect(again).toEqual(first);
    expect((await aml.list(owner, '?page_size=100')).screenings.length).toBe(before);
    await expectError(
      await aml.screenRaw(owner, { idempotency_key: key, subject: amlPerson('Someone Else') }),
      409,
      'idempotency_conflict',
    );
  });

  it('lists newest first with pages, and reads only the account own screenings', async () => {
    const mine = await aml.screen(owner, amlPerson('Paged Person'));
    const page = await aml.list(owner, '?page=1&page_size=2');
    expect(page).toMatchObject({ page: 1, page_size: 2 });
    expect(page.screenings).toHaveLength(2);
    expect(page.screenings[0]?.screening_id).toBe(mine.screening_id);
    expect(await json(await aml.get(owner, mine.screening_id), 200)).toEqual(mine);
    await expectError(await aml.get(other, mine.screening_id), 404, 'not_found');
    await expectError(await aml.get(owner, 'not-a-uuid'), 404, 'not_found');
    expect((await aml.list(other)).screenings).toEqual([]);
  });

  it.each([
    ['no key', { subject: amlPerson('A B') }, 'idempotency_key_required'],
    [
      'a key with a line break',
      { idempotency_key: 'a\nb', subject: amlPerson('A B') },
      'invalid_idempotency_key',
    ],
    [
      'another subject type',
      { idempotency_key: 'k1', subject: amlPerson('A B', { type: 'vessel' }) },
      'invalid_subject_type',
    ],
    ['an empty name', { idempotency_key: 'k2', subject: amlPerson('  ') }, 'invalid_name'],
    [
      'a three-letter country',
      { idempotency_key: 'k3', subject: amlPerson('A B', { country: 'BOL' }) },
      'invalid_country',
    ],
    [
      'an empty doc_id',
      { idempotency_key: 'k4', subject: amlPerson('A B', { doc_id: '' }) },
      'invalid_doc_id',
    ],
    [
      'an impossible birth date',
      { idempotency_key: 'k5', subject: amlPerson('A B', { birth_date: '1990-02-30' }) },
      'invalid_request',
    ],
    ['no subject', { idempotency_key: 'k6' }, 'invalid_request'],
    [
      'an unknown field',
      { idempotency_key: 'k7', subject: amlPerson('A B'), extra: 1 },
      'invalid_json',
    ],
    [
      'a number as name',
      { idempotency_key: 'k8', subject: amlPerson('A B', { name: 7 }) },
      'invalid_request',
    ],
  ])('refuses %s with 400 and changes nothing', async (_label, body, code) => {
    const before = (await aml.list(other)).screenings.length;
    await expectError(await aml.screenRaw(other, body), 400, code);
    expect((await aml.list(other)).screenings.length).toBe(before);
  });

  it('answers the cities of a covered country; invalid_country otherwise', async () => {
    const bolivia = await json<{ country: string; cities: { name: string; region: string }[] }>(
      await aml.cities(owner, '?country=bo'),
      200,
    );
    expect(bolivia.country).toBe('BO');
    expect(bolivia.cities).toContainEqual({ name: 'La Paz', region: 'La Paz' });
    for (const query of ['', '?country=XX', '?country=BOL', '?country=1'])
      await expectError(await aml.cities(owner, query), 400, 'invalid_country');
  });

  it('needs a credential', async () => {
    await expectError(
      await aml.request('POST', '/v1/aml/screenings', { body: { idempotency_key: 'x' } }),
      401,
      'unauthorized',
    );
  });
});
