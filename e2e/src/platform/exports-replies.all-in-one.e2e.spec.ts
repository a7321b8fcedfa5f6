import pino from 'pino';
import {
  bankingClient,
  http,
  json,
  openAccount,
  verificationClient,
  type TestAccount,
} from '../clients';
import { startAllInOneOnly, type E2eAllInOnePlatform } from '../harness';

/** The routes that answer `format=csv|xlsx`, each with a row or none: every one replies once. */
const EXPORT_ROUTES = [
  '/v1/payouts',
  '/v1/payins',
  '/v1/movements',
  '/v1/transfers',
  '/v1/cards',
  '/v1/pos/charges',
  '/v1/banking/operations',
];

interface LogLine {
  reqId?: string;
  msg?: string;
  err?: { code?: string };
}

/**
 * An export answers once (issue 19): the payouts and payins routes sent the file and Nest sent
 * their `undefined` again, which Fastify logged as FST_ERR_REP_ALREADY_SENT. The gateway's log
 * is read where it is written: its logger's stream, shared by every request's child logger.
 */
describe('exports: one reply per export', () => {
  let platform: E2eAllInOnePlatform;
  let owner: TestAccount;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    platform = await startAllInOneOnly({ label: 'exportreplies' });
    owner = await openAccount(http(platform.environments.test), { label: 'exportreplies' });
    // The banking routes answer 409 `no_banking_customer` until the account opens one.
    await json(await bankingClient(platform.environments.test).createCustomerRaw(owner), 202);
    const log = platform.internals('test').gateway.getHttpAdapter().getInstance().log as object;
    // Test platforms log warnings only (LOG_LEVEL of the worker): this suite reads request lines.
    (log as { level: string }).level = 'info';
    const stream = (log as Record<symbol, { write(line: string): unknown }>)[
      pino.symbols.streamSym
    ];
    if (!stream) throw new Error('the gateway logger has no stream');
    const write = stream.write.bind(stream);
    stream.write = (line: string) => {
      lines.push(JSON.parse(line) as LogLine);
      return write(line);
    };
  });
  afterAll(async () => platform.close());

  it.each(EXPORT_ROUTES.flatMap((route) => ['csv', 'xlsx'].map((format) => [route, format])))(
    'answers %s?format=%s once',
    async (route, format) => {
      const request_id = `once-${route.replace(/\W/g, '-')}-${format}`;
      const response = await http(platform.environments.test).request(
        'GET',
        `${route}?format=${format}`,
        { headers: { ...owner.headers, 'x-request-id': request_id } },
      );
      expect(response.status).toBe(200);
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
      const mine = lines.filter((line) => line.reqId === request_id);
      expect(mine.some((line) => line.msg === 'request completed')).toBe(true);
      expect(mine.filter((line) => line.err?.code === 'FST_ERR_REP_ALREADY_SENT')).toEqual([]);
    },
  );

  // The report's route answers JSON through Nest and a PDF too: it sent the PDF and Nest sent again.
  it('answers the verification report as a PDF once', async () => {
    const kyc = verificationClient(() => platform.environments.test);
    const account = await kyc.unverifiedAccount('exportreport');
    await kyc.completePerson((await kyc.link(account)).url);
    await kyc.awaitVerification(account, (body) => body.status === 'approved');
    const request_id = 'once-verification-report-pdf';
    const response = await kyc.request('GET', '/v1/me/verification/report?format=pdf&lang=es', {
      token: account.access_token,
      headers: { 'x-request-id': request_id },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const mine = lines.filter((line) => line.reqId === request_id);
    expect(mine.some((line) => line.msg === 'request completed')).toBe(true);
    expect(mine.filter((line) => line.err?.code === 'FST_ERR_REP_ALREADY_SENT')).toEqual([]);
  });
});
