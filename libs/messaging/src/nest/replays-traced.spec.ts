import 'reflect-metadata';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { z } from 'zod';
import { defineCommand } from '@platform/contracts';
import { startTelemetry, withSpan, type Telemetry } from '@platform/observability';
import { InProcessBus } from '../in-process-bus';
import { BusClient } from './bus-client';
import { BusExceptionFilter } from './bus-exception.filter';
import { BusServer } from './bus-server';
import { Handles } from './handles.decorator';
import { markReplayed, observeReplays } from './replays';

const stored = defineCommand({
  name: 'ledger.get_stored_result',
  summary: 'answers from a stored result when asked to, as an idempotent command does',
  request: z.object({ stored: z.boolean() }).strict(),
  reply: z.object({ answered: z.boolean() }),
});

@Controller()
class StoredResults {
  @Handles(stored)
  answer(request: { stored: boolean }) {
    if (request.stored) markReplayed();
    return { answered: true };
  }
}

@Module({ controllers: [StoredResults] })
class StoredResultsModule {}

/**
 * The replay marks ride in the context tracing switches to a message's own for its handler: they
 * must come through that switch, and through the handler's span, whether it records or not.
 */
describe.each([
  ['not sampled, as npm start runs it', () => undefined],
  ['sampled and exported', () => new InMemorySpanExporter()],
])('replay marks over the bus with tracing %s', (_name, exporterOf) => {
  let telemetry: Telemetry;
  let bus: InProcessBus;
  let app: INestMicroservice;
  let client: BusClient;

  beforeAll(async () => {
    const span_exporter = exporterOf();
    telemetry = startTelemetry({
      service_name: 'ledger',
      environment: 'test',
      instrumentations: [],
      ...(span_exporter ? { span_exporter } : {}),
    });
    bus = new InProcessBus();
    app = await NestFactory.createMicroservice(StoredResultsModule, {
      strategy: new BusServer(bus, { group: 'ledger' }),
      logger: false,
    });
    app.useGlobalFilters(new BusExceptionFilter());
    await app.listen();
    client = new BusClient(bus);
  });
  afterAll(async () => {
    await app.close();
    await bus.close();
    await telemetry.shutdown();
  });

  /** Whether the caller (a gateway request, inside its span) saw the reply marked replayed. */
  const replayedFor = (request: { stored: boolean }) =>
    withSpan('POST /v1/things', {}, async () => {
      const observed = observeReplays(() => client.send(stored, request));
      await observed.result;
      return observed.replayed();
    });

  it('tells the caller that the reply came from a stored result', async () => {
    await expect(replayedFor({ stored: true })).resolves.toBe(true);
  });

  it('tells the caller nothing for a fresh answer, beside concurrent replays', async () => {
    const answers = await Promise.all([
      replayedFor({ stored: false }),
      replayedFor({ stored: true }),
      replayedFor({ stored: false }),
    ]);
    expect(answers).toEqual([false, true, false]);
  });
});
