import 'reflect-metadata';
import { Controller, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { EventPattern, Payload } from '@nestjs/microservices';
import { z } from 'zod';
import { defineCommand } from '@platform/contracts';
import {
  BusClient,
  BusExceptionFilter,
  BusServer,
  Handles,
  InProcessBus,
} from '@platform/messaging';
import { startTelemetry, withSpan } from '@platform/observability';
import { median } from './stats';

/**
 * What one hop of the in-process bus costs the CPU (issue 20): a command through BusClient, the
 * bus and a Nest handler and back, and an event published and handled in a Nest consumer group.
 * Beside each, in the same run, a bare baseline that does the least the hop must: a plain async
 * call with the payload and the reply copied through JSON, as every transport does. Printed: CPU
 * microseconds per hop (process CPU before and after, divided by hops), the median of
 * BENCH_ROUNDS rounds, and the ratio hop / baseline. A payout makes 6 commands (the session check,
 * the create, the settlement lookup, screening and the hold; the post at completion) and 8
 * deliveries.
 *
 * One process by design: the bus and its handlers are the platform's own in-process runtime.
 * Tracing runs as under `npm start` (ids on every span, nothing exported) unless
 * BENCH_TELEMETRY=off, and every hop is sent from inside a span, as the platform sends its own: a
 * command from a request's handler, an event with the context of the append that stored it.
 * BENCH_HOPS (default 20000) hops per round, 16 in flight.
 */
const HOPS = Number(process.env.BENCH_HOPS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const IN_FLIGHT = 16;
const WARMUP_HOPS = 2_000;

const echo_command = defineCommand({
  name: 'ledger.get_echo',
  summary: 'benchmark command: answers what it was sent',
  request: z.object({ account_id: z.string(), amount: z.string(), note: z.string() }).strict(),
  reply: z.object({ amount: z.string(), note: z.string() }),
});
type EchoRequest = z.infer<typeof echo_command.request>;

/** About the size of a transfer command; events carry more (a posted transfer's envelope). */
const REQUEST: EchoRequest = { account_id: 'acc_01j9z7', amount: '100.25', note: 'n'.repeat(200) };
const EVENT = { event_id: 'evt', type: 'ledger.transfer_posted', data: { note: 'n'.repeat(800) } };
const EVENT_TOPIC = 'events.ledger';

/** Published events not handled yet, by event id. */
const waiting = new Map<string, () => void>();

/** What every transport does to a payload: a copy through JSON. */
const jsonCopy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

@Controller()
class BenchHandlers {
  @Handles(echo_command)
  echo(request: EchoRequest) {
    return { amount: request.amount, note: request.note };
  }

  @EventPattern(EVENT_TOPIC)
  event(@Payload() event: { event_id: string }): void {
    waiting.get(event.event_id)?.();
    waiting.delete(event.event_id);
  }
}

@Module({ controllers: [BenchHandlers] })
class BenchModule {}

/** Median CPU microseconds per call of `hop`: HOPS calls a round, IN_FLIGHT at a time. */
async function cpuPerHop_us(hop: (index: number) => Promise<unknown>): Promise<number> {
  const rounds: number[] = [];
  await withSpan('bench.sender', {}, async () => {
    for (let next = 0; next < WARMUP_HOPS; next++) await hop(next);
  });
  for (let round = 0; round < ROUNDS; round++) {
    let next = 0;
    const start = process.cpuUsage();
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, () =>
        withSpan('bench.sender', {}, async () => {
          while (next < HOPS) await hop(next++);
        }),
      ),
    );
    const used = process.cpuUsage(start);
    rounds.push((used.user + used.system) / HOPS);
  }
  return median(rounds);
}

/** An event published per call, resolved once the consumer group has handled it. */
function eventHop(bus: InProcessBus): (index: number) => Promise<void> {
  return async (index) => {
    const event_id = `e-${index}`;
    const handled = new Promise<void>((resolve) => waiting.set(event_id, resolve));
    await bus.publish(EVENT_TOPIC, [
      { id: event_id, key: 'acc_01j9z7', payload: { ...EVENT, event_id } },
    ]);
    await handled;
  };
}

function print(label: string, hop_us: number, bare_us: number): void {
  const ratio = (hop_us / bare_us).toFixed(1);
  console.log(
    `${label}: ${hop_us.toFixed(1)} µs CPU per hop, bare baseline ${bare_us.toFixed(1)} µs, ${ratio}x`,
  );
}

async function main(): Promise<void> {
  const tracing = process.env.BENCH_TELEMETRY !== 'off';
  const telemetry = tracing
    ? startTelemetry({ service_name: 'bench-bus', environment: 'both', instrumentations: [] })
    : null;
  const bus = new InProcessBus();
  const app = await NestFactory.createMicroservice(BenchModule, {
    strategy: new BusServer(bus, { group: 'ledger' }),
    logger: false,
  });
  app.useGlobalFilters(new BusExceptionFilter());
  await app.listen();
  const client = new BusClient(bus);
  const bareEcho = async (request: EchoRequest) => jsonCopy(request);
  console.log(
    `${HOPS} hops per round, median of ${ROUNDS} rounds, ${IN_FLIGHT} in flight, tracing ${tracing ? 'on (as npm start)' : 'off'}`,
  );
  try {
    // Sequential (no interleaving): one figure at a time on an otherwise idle event loop.
    const command_us = await cpuPerHop_us(() => client.send(echo_command, REQUEST));
    const bare_command_us = await cpuPerHop_us(async () => {
      const request = await bareEcho(REQUEST);
      return jsonCopy({ amount: request.amount, note: request.note });
    });
    print('command (BusClient -> bus -> Nest handler -> reply)', command_us, bare_command_us);
    const event_us = await cpuPerHop_us(eventHop(bus));
    const bare_event_us = await cpuPerHop_us(async (index) => {
      const event = await Promise.resolve(jsonCopy({ ...EVENT, event_id: `e-${index}` }));
      return event.event_id;
    });
    print('event (publish -> Nest consumer group)', event_us, bare_event_us);
  } finally {
    await app.close();
    await bus.close();
    await telemetry?.shutdown();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
