import { Writable } from 'node:stream';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { createLogger, startTelemetry, withSpan, type Telemetry } from './index';

/** Collects what pino writes, one parsed JSON object per line. */
function memoryStream(): { stream: Writable; lines: () => Record<string, unknown>[] } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString('utf8');
      done();
    },
  });
  const lines = () =>
    text
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { stream, lines };
}

describe('createLogger', () => {
  let telemetry: Telemetry;
  beforeAll(() => {
    telemetry = startTelemetry({
      service_name: 'ledger',
      environment: 'test',
      span_exporter: new InMemorySpanExporter(),
    });
  });
  afterAll(() => telemetry.shutdown());

  it('stamps every line inside a span with that span trace and span ids', async () => {
    const memory = memoryStream();
    const logger = createLogger({
      service: 'ledger',
      environment: 'test',
      destination: memory.stream,
    });

    const ids = await withSpan('ledger.debit', { 'account.id': 'a-1' }, (span) => {
      logger.info({ operation_id: 'op-1' }, 'debiting');
      return span.spanContext();
    });
    logger.info('outside any span');

    const [inside, outside] = memory.lines();
    expect(ids.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(inside).toMatchObject({
      level: 'info',
      msg: 'debiting',
      service: 'ledger',
      environment: 'test',
      operation_id: 'op-1',
      trace_id: ids.traceId,
      span_id: ids.spanId,
    });
    expect(outside.msg).toBe('outside any span');
    expect(outside).not.toHaveProperty('trace_id');
  });

  it('keeps secrets out of log lines', () => {
    const memory = memoryStream();
    const logger = createLogger({
      service: 'identity',
      environment: 'live',
      destination: memory.stream,
    });
    logger.info({ password: 'hunter22', request: { authorization: 'Bearer pk_x' } }, 'login');
    logger.info({ body: { chain: 'eth', private_key: '0xac09' } }, 'wallet import');
    const [line, wallet] = memory.lines();
    expect(line.password).toBe('[redacted]');
    expect(line.request).toEqual({ authorization: '[redacted]' });
    expect(wallet.body).toEqual({ chain: 'eth', private_key: '[redacted]' });
  });

  it('keeps a card number and security code out of log lines', () => {
    const memory = memoryStream();
    const logger = createLogger({
      service: 'cards',
      environment: 'live',
      destination: memory.stream,
    });
    logger.info({ reply: { card_id: 'c1', pan: '4000001234567899', cvv: '123' } }, 'revealed');
    const [line] = memory.lines();
    expect(line.reply).toEqual({ card_id: 'c1', pan: '[redacted]', cvv: '[redacted]' });
  });
});
