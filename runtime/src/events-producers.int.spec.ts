import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestPlatform, type TestPlatform } from './test-platform';

/**
 * Public events end to end from the real producers: a transfer through the ledger and a payout
 * through the payouts service reach the stream, the webhook and the history.
 */
interface Owner {
  token: string;
  account_id: string;
  email: string;
}

interface Hook {
  headers: http.IncomingHttpHeaders;
  raw_body: Buffer;
}

const SECRET = 'whsec_producers_secret_value';

async function waitFor(condition: () => boolean | Promise<boolean>, timeout_ms = 60_000) {
  const deadline = Date.now() + timeout_ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('public events from the real producers', () => {
  let platform: TestPlatform;
  let base_url: string;
  let counter = 0;
  const hooks: Hook[] = [];
  let receiver: http.Server;
  let receiver_url: string;
  const streams: AbortController[] = [];

  beforeAll(async () => {
    platform = await startTestPlatform('evprod', {
      WEBHOOKS_ALLOW_LOOPBACK: 'true',
      WEBHOOK_POLL_MS: '50',
      SANDBOX_STEP_MS: '200',
      PAYINS_QR_EXPIRY_MS: '1500',
    });
    base_url = platform.environments.test.base_url;
    receiver = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        hooks.push({ headers: request.headers, raw_body: Buffer.concat(chunks) });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiver_url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  });
  afterAll(async () => {
    streams.forEach((stream) => stream.abort());
    await new Promise((resolve) => receiver.close(resolve));
    await platform.dispose();
  });

  function call(method: string, route: string, token: string | null, body?: unknown) {
    return fetch(`${base_url}${route}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        accept: 'application/json',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  async function account(): Promise<Owner> {
    const email = `producers-${Date.now()}-${++counter}@example.com`;
    const registered = await call('POST', '/v1/auth/register', null, {
      org: 'demo',
      type: 'person',
      email,
      password: 'correct horse battery',
      display_name: 'Event Producer',
    });
    expect(registered.status).toBe(201);
    const confirmed = await call('POST', '/v1/auth/register/confirm', null, {
      org: 'demo',
      email,
      code: '000000',
    });
    const session = (await confirmed.json()) as {
      access_token: string;
      account_id?: string;
      account?: { id: string };
    };
    return {
      token: session.access_token,
      account_id: session.account_id ?? session.account?.id ?? '',
      email,
    };
  }

  /** The SSE text of one account's stream, as it arrives. */
  async function openStream(owner: Owner): Promise<{ text: () => string }> {
    const abort = new AbortController();
    streams.push(abort);
    const response = await fetch(`${base_url}/v1/events`, {
      headers: { authorization: `Bearer ${owner.token}`, accept: 'text/event-stream' },
      signal: abort.signal,
    });
    expect(response.status).toBe(200);
    let text = '';
    const decoder = new TextDecoder();
    void (async () => {
      try {
        for await (const chunk of response.body as ReadableStream<Uint8Array>) {
          text += decoder.decode(chunk, { stream: true });
        }
      } catch {
        // aborted
      }
    })();
    await waitFor(() => text.includes(': connected'));
    return { text: () => text };
  }

  function streamedEvents(text: string): { event: string; data: Record<string, any> }[] {
    return text
      .split('\n\n')
      .filter((frame) => frame.startsWith('id: '))
      .map((frame) => {
        const event = /^event: (.*)$/m.exec(frame)?.[1] ?? '';
        const data = JSON.parse(/^data: (.*)$/m.exec(frame)?.[1] ?? '{}') as Record<string, any>;
        return { event, data };
      });
  }

  /** Webhooks received of one type that belong to the account (the recipient for transfers). */
  function hooksOf(type: string, account_id: string): { raw: Hook; event: Record<string, any> }[] {
    return hooks
      .map((raw) => ({
        raw,
        event: JSON.parse(raw.raw_body.toString('utf8')) as Record<string, any>,
      }))
      .filter(({ event }) => event.type === type)
      .filter(({ event }) => (event.data.to_account_id ?? event.data.account_id) === account_id);
  }

  async function subscribe(owner: Owner, event_type: string): Promise<void> {
    const response = await call('POST', '/v1/webhooks/subscriptions', owner.token, {
      event_type,
      callback_url: receiver_url,
      secret: SECRET,
    });
    expect(response.status).toBe(201);
  }

  it('delivers transfer_received to the recipient by stream, webhook and history', async () => {
    const payer = await account();
    const payee = await account();
    await subscribe(payee, 'transfer_received');
    const payee_stream = await openStream(payee);
    const payer_stream = await openStream(payer);
    const sent = await call('POST', '/v1/transfers', payer.token, {
      recipient: payee.email,
      asset: 'USD',
      amount: '12.34',
      description: 'events e2e',
      idempotency_key: `transfer-${counter}`,
    });
    expect(sent.status).toBe(201);
    const transfer = (await sent.json()) as Record<string, any>;
    const received = () =>
      streamedEvents(payee_stream.text()).filter((event) => event.event === 'transfer_received');
    await waitFor(() => received().length >= 1);
    const [streamed, ...more] = received();
    expect(more).toEqual([]);
    expect(streamed?.event).toBe('transfer_received');
    expect(streamed?.data.data).toEqual({
      transfer_id: transfer.transfer_id ?? transfer.id,
      from_account_id: payer.account_id,
      to_account_id: payee.account_id,
      asset: 'USD',
      amount: '12.34',
      description: 'events e2e',
      created_at: expect.any(String),
    });
    await waitFor(() => hooksOf('transfer_received', payee.account_id).length === 1);
    const [hook] = hooksOf('transfer_received', payee.account_id);
    const timestamp = String(hook?.raw.headers['x-webhook-timestamp']);
    expect(hook?.raw.headers['x-webhook-signature']).toBe(
      createHmac('sha256', SECRET)
        .update(
          Buffer.concat([Buffer.from(`${timestamp}.`), hook?.raw.raw_body ?? Buffer.alloc(0)]),
        )
        .digest('hex'),
    );
    expect(hook?.event.id).toBe(streamed?.data.id);
    const history = await call('GET', '/v1/events?types=transfer_received', payee.token);
    const listed = (await history.json()) as { events: { id: string }[] };
    expect(listed.events.map((event) => event.id)).toEqual([streamed?.data.id]);
    // The payer is not the recipient: no transfer_received on its stream.
    expect(
      streamedEvents(payer_stream.text()).filter((event) => event.event === 'transfer_received'),
    ).toEqual([]);
  });

  it('projects each of many concurrent transfers once, in history and by webhook', async () => {
    // Events delivered together are taken in one transaction: none may be lost or doubled.
    const payers = await Promise.all(Array.from({ length: 4 }, () => account()));
    const payee = await account();
    await subscribe(payee, 'transfer_received');
    const sent = await Promise.all(
      payers.flatMap((payer) =>
        Array.from({ length: 5 }, async () => {
          const response = await call('POST', '/v1/transfers', payer.token, {
            recipient: payee.account_id,
            asset: 'USD',
            amount: '0.10',
          });
          expect(response.status).toBe(201);
          return ((await response.json()) as { transfer_id: string }).transfer_id;
        }),
      ),
    );
    const history = async () => {
      const response = await call(
        'GET',
        '/v1/events?types=transfer_received&page_size=100',
        payee.token,
      );
      return ((await response.json()) as { events: { id: string; data: any }[] }).events;
    };
    await waitFor(async () => (await history()).length >= sent.length);
    const listed = await history();
    expect(listed.map((event) => event.data.transfer_id as string).sort()).toEqual(
      [...sent].sort(),
    );
    await waitFor(() => hooksOf('transfer_received', payee.account_id).length >= sent.length);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const hooked = hooksOf('transfer_received', payee.account_id).map(({ event }) => event.id);
    expect([...hooked].sort()).toEqual(listed.map((event) => event.id).sort());
  });

  it('projects every payout_status_changed with the client idempotency key', async () => {
    const owner = await account();
    await subscribe(owner, 'payout_status_changed');
    const owner_stream = await openStream(owner);
    const created = await call('POST', '/v1/payouts', owner.token, {
      country: 'BR',
      currency: 'BRL',
      method: 'pix',
      amount: '27.00',
      beneficiary: { name: 'Ana Silva', account_number: 'ana@example.com' },
      idempotency_key: `payout-events-${counter}`,
    });
    expect(created.status).toBe(202);
    const payout = (await created.json()) as { payout_id: string };
    await waitFor(() =>
      streamedEvents(owner_stream.text()).some((event) => event.data.data.status === 'completed'),
    );
    const statuses = streamedEvents(owner_stream.text())
      .filter((event) => event.event === 'payout_status_changed')
      .map((event) => event.data.data);
    expect(statuses.every((data) => data.payout_id === payout.payout_id)).toBe(true);
    expect(statuses.every((data) => data.idempotency_key === `payout-events-${counter}`)).toBe(
      true,
    );
    expect(statuses[statuses.length - 1]).toMatchObject({
      account_id: owner.account_id,
      country: 'BR',
      currency: 'BRL',
      local_amount: '27.00',
      status: 'completed',
      funds_debited: true,
    });
    await waitFor(
      () => hooksOf('payout_status_changed', owner.account_id).length === statuses.length,
    );
  });

  it('projects payin_credited and payin_expired from the payins service', async () => {
    const owner = await account();
    const owner_stream = await openStream(owner);
    const credited = await call('POST', '/v1/payins', owner.token, {
      method: 'bank_transfer',
      country: 'MX',
      currency: 'MXN',
      amount: '1720.00',
      idempotency_key: `payin-events-${counter}`,
    });
    expect(credited.status).toBe(201);
    const failing = await call('POST', '/v1/payins', owner.token, {
      method: 'bank_transfer',
      country: 'MX',
      currency: 'MXN',
      amount: '10.99',
    });
    expect(failing.status).toBe(201);
    const credited_id = ((await credited.json()) as { payin_id: string }).payin_id;
    const failing_id = ((await failing.json()) as { payin_id: string }).payin_id;
    await waitFor(() => {
      const ids = streamedEvents(owner_stream.text()).map((event) => event.data.data.payin_id);
      return ids.includes(credited_id) && ids.includes(failing_id);
    });
    const events = streamedEvents(owner_stream.text()).map((event) => event.data);
    const payin_credited = events.find(
      (event) => event.type === 'payin_credited' && event.data.payin_id === credited_id,
    );
    expect(payin_credited?.data).toMatchObject({
      payin_id: credited_id,
      account_id: owner.account_id,
      country: 'MX',
      currency: 'MXN',
      local_amount: '1720.00',
      fx_rate: expect.any(String),
      usdt_credited: expect.any(String),
      fee: expect.any(String),
      idempotency_key: `payin-events-${counter}`,
    });
    const payin_expired = events.find(
      (event) => event.type === 'payin_expired' && event.data.payin_id === failing_id,
    );
    expect(payin_expired?.data).toMatchObject({
      payin_id: failing_id,
      account_id: owner.account_id,
      status: 'failed',
      local_amount: '10.99',
      reference: expect.any(String),
    });
    // The failing payin had no client key: none is sent (never an internal one).
    expect(payin_expired?.data).not.toHaveProperty('idempotency_key');
  });
});
