import { Controller, Get, Module, Post, Query, Res } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import { DomainError } from '@platform/contracts';
import { parseSettings } from '@platform/runtime';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { z } from 'zod';
import { gatewaySettingsSchema } from '../gateway.settings';
import { createGatewayApp } from './create-gateway-app';
import { exportBody, parseExportFormat } from './export/send-export';
import type { GatewayAppOptions } from './gateway-options';
import { ReadinessRegistry } from './health/readiness-registry';
import { resolveLocale } from './locale/resolve-locale';
import { ApiCredentials } from './openapi/api-credentials.decorator';
import { pageBody, parsePagination } from './pagination';
import { ApiZodBody } from './validation/api-zod-body.decorator';
import { ValidatedBody } from './validation/zod-validation.pipe';

// ---- a test-only surface, mounted like the real controllers will be ----

const paymentSchema = z
  .object({ amount: z.string().regex(/^\d+\.\d{2}$/), note: z.string().optional() })
  .strict();

class PingBody {
  @ApiProperty() pong!: boolean;
  @ApiProperty({ type: String, nullable: true }) note!: string | null;
}

const ITEM_COLUMNS = [
  { key: 'id', header: { en: 'ID', es: 'ID', zh: '编号' } },
  {
    key: 'amount',
    header: { en: 'Amount', es: 'Importe', zh: '金额' },
    kind: 'amount',
    unit: 'USD',
  },
] as const;
const ITEMS = Array.from({ length: 150 }, (_, index) => ({
  id: `it_${150 - index}`,
  amount: `${150 - index}.00`,
}));

@ApiTags('test')
@ApiCredentials()
@Controller('test')
class TestRoutesController {
  @Get('ping')
  @ApiOkResponse({ type: PingBody })
  ping(): PingBody {
    return { pong: true, note: null };
  }

  @Get('boom')
  boom(): never {
    throw new Error('connect ECONNREFUSED secret-db.internal:5432');
  }

  @Get('domain')
  domain(): never {
    throw new DomainError('insufficient_funds', 'balance too low');
  }

  @Post('payments')
  @ApiZodBody(paymentSchema)
  pay(
    @ValidatedBody(paymentSchema, { error_code: 'invalid_amount' })
    body: z.output<typeof paymentSchema>,
  ): { received: typeof body } {
    return { received: body };
  }

  @Get('items')
  async items(
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const format = parseExportFormat(query.format);
    if (format) {
      const locale = resolveLocale({
        query_lang: stringOrNull(query.lang),
        accept_language: reply.request.headers['accept-language'],
      });
      const reader = { locale, timezone: 'UTC' };
      return exportBody(reply, {
        format,
        filename: 'items',
        columns: ITEM_COLUMNS,
        rows: ITEMS,
        reader,
      });
    }
    const pagination = parsePagination(query);
    return pageBody(
      'items',
      pagination,
      ITEMS.slice(pagination.offset, pagination.offset + pagination.page_size),
    );
  }
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

@Module({ controllers: [TestRoutesController] })
class TestRoutesModule {}

// ---- harness ----

interface Running {
  app: NestFastifyApplication;
  base_url: string;
  log_lines: string[];
}

async function boot(options: Partial<GatewayAppOptions> = {}): Promise<Running> {
  const log_lines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void log_lines.push(line) });
  const app = await createGatewayApp({
    environment: 'test',
    settings: parseSettings(gatewaySettingsSchema, {}),
    imports: [TestRoutesModule],
    logger,
    ...options,
  });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return { app, base_url: `http://127.0.0.1:${port}`, log_lines };
}

async function json(response: Response): Promise<any> {
  return JSON.parse(await response.text());
}

function post(url: string, body: string, content_type = 'application/json'): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': content_type }, body });
}

describe('gateway HTTP shell (test environment)', () => {
  let running: Running;
  let url: (path: string) => string;

  beforeAll(async () => {
    running = await boot({ version: '9.9.9-test', body_limit_bytes: 1024 });
    url = (path) => `${running.base_url}${path}`;
  });
  afterAll(async () => {
    await running.app.close();
  });

  async function expectError(
    response: Response,
    status: number,
    code: string,
  ): Promise<{ error: string; message: string }> {
    expect(response.status).toBe(status);
    expect(response.headers.get('service-environment')).toBe('test');
    expect(response.headers.get('x-request-id')).toEqual(expect.any(String));
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await json(response);
    expect(Object.keys(body).sort()).toEqual(['error', 'message', 'request_id']);
    expect(body.error).toBe(code);
    expect(typeof body.message).toBe('string');
    expect(body.request_id).toBe(response.headers.get('x-request-id'));
    return body;
  }

  it('answers /healthz with livemode false and the version, with the standard headers', async () => {
    const response = await fetch(url('/healthz'));
    expect(response.status).toBe(200);
    expect(response.headers.get('service-environment')).toBe('test');
    expect(await json(response)).toEqual({ status: 'ok', livemode: false, version: '9.9.9-test' });
  });

  it('echoes a sane X-Request-Id and replaces one that is not', async () => {
    const echoed = await fetch(url('/healthz'), { headers: { 'x-request-id': 'client-req.42' } });
    expect(echoed.headers.get('x-request-id')).toBe('client-req.42');
    const replaced = await fetch(url('/healthz'), { headers: { 'x-request-id': 'x'.repeat(200) } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{32}$/);
    const on_error = await fetch(url('/nope'), { headers: { 'x-request-id': 'err-7' } });
    expect(on_error.headers.get('x-request-id')).toBe('err-7');
  });

  it('answers an unknown route 404 not_found', async () => {
    await expectError(await fetch(url('/v1/does-not-exist')), 404, 'not_found');
    await expectError(await post(url('/v1/does-not-exist'), '{not json'), 404, 'not_found');
  });

  it('answers a known path with a wrong method 405 method_not_allowed with Allow', async () => {
    const on_get_route = await fetch(url('/healthz'), { method: 'DELETE' });
    await expectError(on_get_route, 405, 'method_not_allowed');
    expect(on_get_route.headers.get('allow')).toBe('GET, HEAD');
    const on_post_route = await fetch(url('/test/payments'));
    await expectError(on_post_route, 405, 'method_not_allowed');
    expect(on_post_route.headers.get('allow')).toBe('POST');
  });

  it('accepts a valid body', async () => {
    const response = await post(url('/test/payments'), JSON.stringify({ amount: '10.00' }));
    expect(response.status).toBe(201);
    expect(response.headers.get('service-environment')).toBe('test');
    expect(await json(response)).toEqual({ received: { amount: '10.00' } });
  });

  it('answers malformed or empty JSON 400 invalid_json', async () => {
    await expectError(await post(url('/test/payments'), '{"amount": "10.00"'), 400, 'invalid_json');
    await expectError(await post(url('/test/payments'), ''), 400, 'invalid_json');
    await expectError(
      await post(url('/test/payments'), '{"__proto__": {"x": 1}}'),
      400,
      'invalid_json',
    );
  });

  it('answers unknown body fields 400 invalid_json and other failures with the route code', async () => {
    const unknown = await expectError(
      await post(url('/test/payments'), JSON.stringify({ amount: '1.00', extra: true })),
      400,
      'invalid_json',
    );
    expect(unknown.message).toContain('extra');
    await expectError(
      await post(url('/test/payments'), JSON.stringify({ amount: '1.0' })),
      400,
      'invalid_amount',
    );
    await expectError(await post(url('/test/payments'), '[1]'), 400, 'invalid_json');
  });

  it('answers a body that is not JSON 415 unsupported_media_type', async () => {
    await expectError(
      await post(url('/test/payments'), 'amount=1.00', 'application/x-www-form-urlencoded'),
      415,
      'unsupported_media_type',
    );
  });

  it('answers a body over the limit 413 payload_too_large', async () => {
    const big = JSON.stringify({ amount: '1.00', note: 'x'.repeat(2000) });
    await expectError(await post(url('/test/payments'), big), 413, 'payload_too_large');
  });

  it('answers a DomainError with its code and catalog status', async () => {
    const body = await expectError(await fetch(url('/test/domain')), 402, 'insufficient_funds');
    expect(body.message).toBe('balance too low');
  });

  it('answers an unexpected error 500 with the fixed body, and logs the cause', async () => {
    const response = await fetch(url('/test/boom'), { headers: { 'x-request-id': 'boom-1' } });
    const body = await expectError(response, 500, 'internal_error');
    expect(body.message).toBe('internal error');
    expect(response.headers.get('x-request-id')).toBe('boom-1');
    const logged = running.log_lines
      .map((line) => JSON.parse(line))
      .find((entry) => entry.reqId === 'boom-1' && entry.level === 50);
    expect(logged).toMatchObject({ msg: 'unexpected error', route: '/test/boom' });
    expect(logged.err.message).toContain('secret-db.internal');
  });

  it('answers a malformed URL 400 with the error body', async () => {
    const response = await fetch(url('/test/%E0%A4%A'));
    expect(response.status).toBe(400);
    expect(response.headers.get('service-environment')).toBe('test');
    expect(Object.keys(await json(response)).sort()).toEqual(['error', 'message', 'request_id']);
  });

  it('pages a listing, clamping page_size and refusing a bad one', async () => {
    const clamped = await json(await fetch(url('/test/items?page=1&page_size=500')));
    expect(clamped.page_size).toBe(100);
    expect(clamped.items).toHaveLength(100);
    const second = await json(await fetch(url('/test/items?page=2')));
    expect(second).toMatchObject({ page: 2, page_size: 20 });
    expect(second.items[0]).toEqual({ id: 'it_130', amount: '130.00' });
    await expectError(await fetch(url('/test/items?page=0')), 400, 'invalid_request');
  });

  it('exports a listing as CSV and XLSX with localized headers', async () => {
    const csv = await fetch(url('/test/items?format=csv&lang=es'));
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toContain('filename="items.csv"');
    expect(csv.headers.get('service-environment')).toBe('test');
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('ID,Importe');
    expect(lines).toHaveLength(151);
    const xlsx = await fetch(url('/test/items?format=xlsx'), {
      headers: { 'accept-language': 'fr;q=0.9, zh;q=0.8' },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    expect(workbook.worksheets[0]?.getRow(1).values).toEqual([undefined, '编号', '金额']);
    expect(workbook.worksheets[0]?.getCell('B2').value).toBe(150);
    await expectError(await fetch(url('/test/items?format=pdf')), 400, 'invalid_request');
  });

  it('answers an export once: no second reply is attempted (FST_ERR_REP_ALREADY_SENT)', async () => {
    const before = running.log_lines.length;
    for (const format of ['csv', 'xlsx']) {
      const response = await fetch(url(`/test/items?format=${format}`), {
        headers: { 'x-request-id': `export-once-${format}` },
      });
      expect(response.status).toBe(200);
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
    const logged = running.log_lines.slice(before).map((line) => JSON.parse(line));
    const completed = logged.filter((entry) => String(entry.reqId).startsWith('export-once-'));
    expect(completed.some((entry) => entry.msg === 'request completed')).toBe(true);
    expect(logged.filter((entry) => entry.err?.code === 'FST_ERR_REP_ALREADY_SENT')).toEqual([]);
  });

  it('serves the OpenAPI 3.1 document of the mounted controllers', async () => {
    const response = await fetch(url('/openapi.json'));
    expect(response.status).toBe(200);
    const document = await json(response);
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('2.166');
    expect(document.info.title).toEqual(expect.any(String));
    expect(document.servers).toEqual([
      { url: '/', description: expect.stringContaining('sandbox') },
    ]);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/healthz',
        '/readyz',
        '/test/ping',
        '/test/payments',
        '/test/items',
      ]),
    );
    expect(document.paths['/openapi.json']).toBeUndefined();
    expect(document.components.securitySchemes).toEqual({
      bearer: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      api_key: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-API-Key' }),
    });
    expect(document.components.schemas.ErrorBody.required).toEqual(['error', 'message']);
    expect(document.components.schemas.ErrorBody.properties.request_id.type).toBe('string');
    const payment = document.paths['/test/payments'].post;
    expect(payment.requestBody.content['application/json'].schema).toMatchObject({
      type: 'object',
      additionalProperties: false,
      required: ['amount'],
    });
    expect(payment.security).toEqual(expect.arrayContaining([{ bearer: [] }, { api_key: [] }]));
    expect(payment.responses.default.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ErrorBody',
    });
    expect(document.components.schemas.PingBody.properties.note.type).toEqual(['string', 'null']);
    expect(JSON.stringify(document)).not.toContain('"nullable"');
  });

  it('renders /docs as an HTML page with its swagger-ui assets', async () => {
    const page = await fetch(url('/docs'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('service-environment')).toBe('test');
    const html = await page.text();
    expect(html).toContain('swagger-ui-bundle.js');
    expect(html).toContain('/openapi.json');
    const bundle = await fetch(url('/docs/swagger-ui-bundle.js'));
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toMatch(/^application\/javascript/);
    expect((await bundle.text()).length).toBeGreaterThan(10_000);
    await expectError(await fetch(url('/docs/package.json')), 404, 'not_found');
    await expectError(await fetch(url('/docs/..%2Fpackage.json')), 404, 'not_found');
  });

  it('answers /readyz from the registered checks', async () => {
    const registry = running.app.get(ReadinessRegistry);
    let database_up = true;
    registry.register('database', async () => {
      if (!database_up) throw new Error('connect ECONNREFUSED 10.1.2.3:5432');
    });
    const ready = await fetch(url('/readyz'));
    expect(ready.status).toBe(200);
    expect(await json(ready)).toEqual({ status: 'ready', checks: { database: 'ok' } });
    database_up = false;
    const not_ready = await fetch(url('/readyz'));
    expect(not_ready.status).toBe(503);
    expect(not_ready.headers.get('service-environment')).toBe('test');
    const body = await json(not_ready);
    expect(body).toMatchObject({ error: 'not_ready', checks: { database: 'failed' } });
    expect(JSON.stringify(body)).not.toContain('10.1.2.3');
  });
});

describe('gateway HTTP shell (live environment)', () => {
  it('reports livemode true and Service-Environment live', async () => {
    const running = await boot({ environment: 'live' });
    try {
      const health = await fetch(`${running.base_url}/healthz`);
      expect(health.headers.get('service-environment')).toBe('live');
      expect(await json(health)).toEqual({ status: 'ok', livemode: true, version: '2.166' });
      const missing = await fetch(`${running.base_url}/nope`);
      expect(missing.status).toBe(404);
      expect(missing.headers.get('service-environment')).toBe('live');
    } finally {
      await running.app.close();
    }
  });
});

describe('gateway rate limiting', () => {
  let running: Running;
  // A refill this slow leaves the test no time to earn a token back.
  beforeAll(async () => {
    running = await boot({ rate_limit: { per_second: 0.001, burst: 3 } });
  });
  afterAll(async () => {
    await running.app.close();
  });

  function ping(headers: Record<string, string>): Promise<Response> {
    return fetch(`${running.base_url}/test/ping`, { headers });
  }

  it('answers 429 rate_limited after the burst, per credential', async () => {
    const alice = { authorization: 'Bearer pk_test_alice.secret' };
    const remaining: (string | null)[] = [];
    for (let index = 0; index < 3; index += 1) {
      const allowed = await ping(alice);
      expect(allowed.status).toBe(200);
      expect(allowed.headers.get('ratelimit-limit')).toBe('3');
      expect(allowed.headers.get('retry-after')).toBeNull();
      remaining.push(allowed.headers.get('ratelimit-remaining'));
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const limited = await ping(alice);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('service-environment')).toBe('test');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get('ratelimit-limit')).toBe('3');
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    expect(Number(limited.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(
      Number(limited.headers.get('retry-after')),
    );
    expect(await json(limited)).toEqual({
      error: 'rate_limited',
      message: expect.any(String),
      request_id: limited.headers.get('x-request-id'),
    });
    expect((await ping({ 'x-api-key': 'pk_test_alice.secret' })).status).toBe(429);
    expect((await ping({ 'x-api-key': 'pk_test_bob.secret' })).status).toBe(200);
    expect((await fetch(`${running.base_url}/healthz`, { headers: alice })).status).toBe(200);
  });

  it('keys anonymous requests by address', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 4; index += 1) statuses.push((await ping({})).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
