import {
  documentationGaps,
  eventually,
  http,
  identityClient,
  json,
  JSON_CONTENT,
  openAccount,
  uniqueEmail,
  type DocumentedOperation,
  type TestAccount,
} from '../clients';
import { startPlatform, type E2ePlatform } from '../harness';

interface Contact {
  contact_id: string;
  name: string;
  email: string | null;
  phone: string | null;
  account_id: string | null;
  destination: Record<string, unknown> | null;
}

const PIX_DESTINATION = {
  country: 'BR',
  currency: 'BRL',
  method: 'pix',
  beneficiary: { name: 'Beatriz Contato', account_number: 'beatriz@example.com' },
};

/** Contacts (`/v1/contacts`), and transfers and payouts to a contact, over HTTP. */
describe('contacts', () => {
  let platform: E2ePlatform;
  let owner: TestAccount;
  let friend: TestAccount;
  let stranger: TestAccount;
  let linked: Contact;
  let saved: Contact;
  let bare: Contact;
  const client = http(() => platform.environments.test);
  const identity = identityClient(() => platform.environments.test);

  const call = (account: TestAccount, method: string, route: string, body?: unknown) =>
    client.request(method, route, { token: account.access_token, body });
  const listed = async (account: TestAccount, query = '') =>
    (await json<{ contacts: Contact[] }>(await call(account, 'GET', `/v1/contacts${query}`), 200))
      .contacts;
  const expectRefused = async (answer: Response, status: number, error: string) =>
    expect({ status: answer.status, body: await answer.json() }).toEqual({
      status,
      body: { error, message: expect.any(String), request_id: expect.any(String) },
    });

  beforeAll(async () => {
    platform = await startPlatform({ label: 'contacts', settings: { SANDBOX_STEP_MS: '40' } });
    [owner, friend] = await Promise.all([
      openAccount(client, { label: 'contacts-owner' }),
      openAccount(client, { label: 'contacts-friend' }),
    ]);
    const other_org = `cont-${Date.now().toString(36)}`;
    await identity.createOrganization(other_org);
    stranger = await openAccount(client, {
      email: uniqueEmail('contacts-stranger'),
      registration: { org: other_org },
    });
  });
  afterAll(async () => platform?.close());

  it('imports contacts, lists them by name, and matches a known email again', async () => {
    const imported = await json<{ created: number; updated: number; contacts: Contact[] }>(
      await call(owner, 'POST', '/v1/contacts/import', {
        contacts: [
          { name: 'Carla Amiga', email: 'Carla@Example.com', account_id: friend.account_id },
          { name: 'Beatriz Contato', phone: '+5511988887777', destination: PIX_DESTINATION },
          { name: 'Alan Solo' },
        ],
      }),
      200,
    );
    expect(imported).toMatchObject({ created: 3, updated: 0 });
    [linked, saved, bare] = imported.contacts as [Contact, Contact, Contact];
    expect(linked).toMatchObject({ email: 'carla@example.com', account_id: friend.account_id });
    expect(saved.destination).toEqual(PIX_DESTINATION);
    expect((await listed(owner)).map((contact) => contact.name)).toEqual([
      'Alan Solo',
      'Beatriz Contato',
      'Carla Amiga',
    ]);
    expect((await listed(owner, '?q=beatriz')).map((c) => c.contact_id)).toEqual([
      saved.contact_id,
    ]);

    const again = await json<{ created: number; updated: number; contacts: Contact[] }>(
      await call(owner, 'POST', '/v1/contacts/import', {
        contacts: [{ name: 'Carla A.', email: 'carla@example.com', account_id: friend.account_id }],
      }),
      200,
    );
    expect(again).toMatchObject({ created: 0, updated: 1 });
    expect(again.contacts[0]!.contact_id).toBe(linked.contact_id);
    expect(await listed(owner)).toHaveLength(3);
  });

  it('reads a contact by id, and answers 404 to another account', async () => {
    const mine = await json<Contact>(
      await call(owner, 'GET', `/v1/contacts/${saved.contact_id}`),
      200,
    );
    expect(mine.name).toBe('Beatriz Contato');
    await expectRefused(
      await call(friend, 'GET', `/v1/contacts/${saved.contact_id}`),
      404,
      'not_found',
    );
    expect(await listed(friend)).toEqual([]);
  });

  it('refuses a bad import with its code and imports nothing', async () => {
    const many = Array.from({ length: 1_001 }, (_, index) => ({ name: `Row ${index}` }));
    const cases: [unknown, number, string][] = [
      [{ contacts: many }, 400, 'batch_too_large'],
      [{ contacts: [{ name: 'x', account_id: stranger.account_id }] }, 400, 'invalid_request'],
      [{ contacts: [{ name: 'x', email: 'not-an-email' }] }, 400, 'invalid_request'],
      [{ contacts: [{ name: 'x', phone: '12345' }] }, 400, 'invalid_request'],
      [{ contacts: [{ name: '' }] }, 400, 'invalid_request'],
      [{ contacts: [] }, 400, 'invalid_request'],
      [{ contacts: [{ name: 'x', nickname: 'y' }] }, 400, 'invalid_json'],
      [{ contacts: [{ name: 'x', destination: { country: 'BR' } }] }, 400, 'invalid_request'],
    ];
    for (const [body, status, error] of cases)
      await expectRefused(await call(owner, 'POST', '/v1/contacts/import', body), status, error);
    expect(await listed(owner)).toHaveLength(3);
    // A thousand is the limit, not more.
    const thousand = await call(owner, 'POST', '/v1/contacts/import', {
      contacts: many.slice(0, 1_000),
    });
    expect(thousand.status).toBe(200);
    expect(await json<{ created: number }>(thousand, 200)).toMatchObject({ created: 1_000 });
  });

  it('sends a transfer to a linked contact, and refuses one that is not linked', async () => {
    const sent = await call(owner, 'POST', '/v1/transfers', {
      contact_id: linked.contact_id,
      asset: 'USD',
      amount: '12.00',
      idempotency_key: 'contact-transfer-1',
    });
    expect(sent.status).toBe(201);
    expect(await sent.json()).toMatchObject({
      to_account_id: friend.account_id,
      amount: '12.00',
    });
    const base = { asset: 'USD', amount: '1.00' };
    await expectRefused(
      await call(owner, 'POST', '/v1/transfers', { ...base, contact_id: bare.contact_id }),
      422,
      'contact_not_linked',
    );
    await expectRefused(
      await call(friend, 'POST', '/v1/transfers', { ...base, contact_id: linked.contact_id }),
      404,
      'not_found',
    );
    await expectRefused(
      await call(owner, 'POST', '/v1/transfers', {
        ...base,
        contact_id: linked.contact_id,
        recipient: friend.account_id,
      }),
      400,
      'invalid_request',
    );
  });

  it('pays out to a contact’s saved destination, and refuses one without', async () => {
    const created = await call(owner, 'POST', '/v1/payouts', {
      contact_id: saved.contact_id,
      amount: '50.00',
      idempotency_key: 'contact-payout-1',
    });
    expect(created.status).toBe(202);
    const payout = (await created.json()) as { payout_id: string; country: string; method: string };
    expect(payout).toMatchObject({ country: 'BR', currency: 'BRL', method: 'pix' });
    const completed = await eventually(
      async () =>
        (await call(owner, 'GET', `/v1/payouts/${payout.payout_id}`)).json() as Promise<{
          status: string;
          beneficiary: { name: string };
        }>,
      (read) => read.status === 'completed',
    );
    expect(completed.beneficiary.name).toBe('Beatriz Contato');
    // The same key and contact replay the payout.
    const replay = await call(owner, 'POST', '/v1/payouts', {
      contact_id: saved.contact_id,
      amount: '50.00',
      idempotency_key: 'contact-payout-1',
    });
    expect(((await replay.json()) as { payout_id: string }).payout_id).toBe(payout.payout_id);
    await expectRefused(
      await call(owner, 'POST', '/v1/payouts', {
        contact_id: bare.contact_id,
        amount: '50.00',
        idempotency_key: 'contact-payout-2',
      }),
      422,
      'no_saved_destination',
    );
  });

  it('answers 404 to a payout to another account’s contact, and creates nothing', async () => {
    const payoutsOf = async (account: TestAccount) =>
      (
        await json<{ payouts: { payout_id: string }[] }>(
          await call(account, 'GET', '/v1/payouts?page_size=100'),
          200,
        )
      ).payouts.map((payout) => payout.payout_id);
    const before = { friend: await payoutsOf(friend), owner: await payoutsOf(owner) };
    // The owner's contact with a saved destination: only its owner may pay out to it.
    await expectRefused(
      await call(friend, 'POST', '/v1/payouts', {
        contact_id: saved.contact_id,
        amount: '50.00',
        idempotency_key: 'contact-payout-theirs',
      }),
      404,
      'not_found',
    );
    // Neither the caller nor the contact's owner has a payout more.
    expect({ friend: await payoutsOf(friend), owner: await payoutsOf(owner) }).toEqual(before);
  });

  it('documents every contact route', async () => {
    const document = await json(await client.request('GET', '/openapi.json'), 200);
    const operations: DocumentedOperation[] = [
      {
        method: 'post',
        path: '/v1/contacts/import',
        status: 200,
        answers: JSON_CONTENT,
        body: JSON_CONTENT,
        errors: ['invalid_json', 'invalid_request', 'batch_too_large', 'unauthorized'],
      },
      {
        method: 'get',
        path: '/v1/contacts',
        status: 200,
        answers: JSON_CONTENT,
        errors: ['unauthorized'],
      },
      {
        method: 'get',
        path: '/v1/contacts/{id}',
        status: 200,
        answers: JSON_CONTENT,
        errors: ['unauthorized', 'not_found'],
      },
    ];
    expect(documentationGaps(document, /^\/v1\/contacts(\/|$)/, operations)).toEqual([]);
  });
});
