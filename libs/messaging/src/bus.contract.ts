import { randomUUID } from 'node:crypto';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { context, propagation, ROOT_CONTEXT, trace, TraceFlags } from '@opentelemetry/api';
import { Ctx, EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import { DomainError, type CommandDefinition, type CommandName } from '@platform/contracts';
import { z } from 'zod';
import type { DeadLetters, NewDeadLetter } from '@platform/persistence';
import { of } from 'rxjs';
import {
  BusClosedError,
  BusHandlerError,
  BusTimeoutError,
  deadLetterTopicOf,
  DLQ_HEADERS,
  type DeliveredMessage,
  type MessageBus,
} from './bus';
import { BusClient, BusContext, BusExceptionFilter, BusServer } from './nest';

/**
 * The behaviour every MessageBus transport must show; the in-process bus runs it as a unit test,
 * KafkaBus in the `dist` tier. `makeBus` gives a bus on the namespace of the current test: several
 * buses from it are replicas that see each other's topics and groups (for a transport within one
 * process it may return the same bus each time). Each bus is closed after its test.
 */
export function busContract(name: string, makeBus: () => MessageBus): void {
  describe(`MessageBus contract: ${name}`, () => {
    const buses: MessageBus[] = [];
    const apps: INestMicroservice[] = [];

    async function startBus(): Promise<MessageBus> {
      const bus = makeBus();
      buses.push(bus);
      await bus.start();
      return bus;
    }

    afterEach(async () => {
      await Promise.all(apps.splice(0).map((app) => app.close()));
      await Promise.all(buses.splice(0).map((bus) => bus.close()));
    });

    it('delivers a published message with its id, key, headers and payload', async () => {
      const bus = await startBus();
      const topic = uniqueName('pubsub');
      const inbox = collector();
      await bus.subscribe({ topics: [topic], group: 'readers', handler: inbox.handler });
      await bus.publish(topic, [
        {
          id: 'm-1',
          key: 'acc-1',
          headers: { 'x-tenant': 'org_1' },
          payload: { amount: '12.50', at: new Date(0) },
        },
      ]);
      await waitFor(() => inbox.received.length === 1);
      const [message] = inbox.received;
      expect(message).toMatchObject({
        id: 'm-1',
        topic,
        key: 'acc-1',
        attempt: 1,
        payload: { amount: '12.50', at: '1970-01-01T00:00:00.000Z' },
      });
      expect(message?.headers['x-tenant']).toBe('org_1');
    });

    it('never runs a handler inside publish()', async () => {
      const bus = await startBus();
      const topic = uniqueName('async');
      const inbox = collector();
      await bus.subscribe({ topics: [topic], group: 'readers', handler: inbox.handler });
      const publishing = bus.publish(topic, [{ id: 'a-1', payload: 1 }]);
      expect(inbox.received).toHaveLength(0);
      await publishing;
      await waitFor(() => inbox.received.length === 1);
    });

    it('gives each message to exactly one member of a group, and to more than one member', async () => {
      const [first_bus, second_bus] = [await startBus(), await startBus()];
      const topic = uniqueName('split');
      const first = collector();
      const second = collector();
      await first_bus.subscribe({ topics: [topic], group: 'workers', handler: first.handler });
      await second_bus.subscribe({ topics: [topic], group: 'workers', handler: second.handler });
      const ids = Array.from({ length: 40 }, (_, index) => `s-${index}`);
      await first_bus.publish(
        topic,
        ids.map((id) => ({ id, key: `key-${id}`, payload: id })),
      );
      await waitFor(() => first.received.length + second.received.length >= ids.length);
      await settle();
      const delivered = [...first.received, ...second.received].map((message) => message.id);
      expect(delivered.sort()).toEqual([...ids].sort());
      expect(first.received.length).toBeGreaterThan(0);
      expect(second.received.length).toBeGreaterThan(0);
    });

    it('gives every message to every group', async () => {
      const bus = await startBus();
      const topic = uniqueName('fanout');
      const ledger = collector();
      const audit = collector();
      await bus.subscribe({ topics: [topic], group: 'ledger', handler: ledger.handler });
      await bus.subscribe({ topics: [topic], group: 'audit', handler: audit.handler });
      const ids = ['f-1', 'f-2', 'f-3', 'f-4', 'f-5'];
      await bus.publish(
        topic,
        ids.map((id) => ({ id, key: id, payload: id })),
      );
      await waitFor(
        () => ledger.received.length === ids.length && audit.received.length === ids.length,
      );
      expect(ledger.received.map((message) => message.id).sort()).toEqual(ids);
      expect(audit.received.map((message) => message.id).sort()).toEqual(ids);
    });

    it('keeps the order of one key, across publish calls and slow handlers', async () => {
      const bus = await startBus();
      const topic = uniqueName('order');
      const seen = new Map<string, number[]>();
      await bus.subscribe({
        topics: [topic],
        group: 'ordered',
        handler: async (message) => {
          await pause(Math.floor(Math.random() * 3));
          const { key, seq } = message.payload as { key: string; seq: number };
          seen.set(key, [...(seen.get(key) ?? []), seq]);
        },
      });
      const keys = ['acc-a', 'acc-b', 'acc-c'];
      for (let seq = 0; seq < 15; seq++) {
        await bus.publish(
          topic,
          keys.map((key) => ({ id: `${key}-${seq}`, key, payload: { key, seq } })),
        );
      }
      await waitFor(() => keys.every((key) => seen.get(key)?.length === 15));
      const in_order = Array.from({ length: 15 }, (_, seq) => seq);
      for (const key of keys) expect(seen.get(key)).toEqual(in_order);
    });

    it('redelivers a message whose handler threw, before the next message of its key', async () => {
      const bus = await startBus();
      const topic = uniqueName('retry');
      const log: string[] = [];
      await bus.subscribe({
        topics: [topic],
        group: 'flaky',
        max_attempts: 5,
        handler: async (message) => {
          log.push(`${message.id}#${message.attempt}`);
          if (message.id === 'r-1' && message.attempt < 3) throw new Error('database unavailable');
        },
      });
      await bus.publish(topic, [
        { id: 'r-1', key: 'acc-1', payload: 1 },
        { id: 'r-2', key: 'acc-1', payload: 2 },
      ]);
      await waitFor(() => log.includes('r-2#1'));
      await settle();
      expect(log).toEqual(['r-1#1', 'r-1#2', 'r-1#3', 'r-2#1']);
    });

    it('dead-letters a message after max_attempts and goes on with the next', async () => {
      const bus = await startBus();
      const topic = uniqueName('poison');
      const attempts: number[] = [];
      const after = collector();
      const dead = collector();
      await bus.subscribe({
        topics: [deadLetterTopicOf(topic)],
        group: 'operators',
        handler: dead.handler,
      });
      await bus.subscribe({
        topics: [topic],
        group: 'strict',
        max_attempts: 3,
        handler: async (message) => {
          if (message.id !== 'p-1') return after.handler(message);
          attempts.push(message.attempt);
          throw new Error('cannot parse');
        },
      });
      await bus.publish(topic, [
        { id: 'p-1', key: 'acc-1', headers: { 'x-tenant': 'org_1' }, payload: { bad: true } },
        { id: 'p-2', key: 'acc-1', payload: { bad: false } },
      ]);
      await waitFor(() => dead.received.length === 1 && after.received.length === 1);
      await settle();
      expect(attempts).toEqual([1, 2, 3]);
      const [letter] = dead.received;
      expect(letter).toMatchObject({ id: 'p-1', key: 'acc-1', payload: { bad: true } });
      expect(letter?.headers).toMatchObject({
        'x-tenant': 'org_1',
        [DLQ_HEADERS.topic]: topic,
        [DLQ_HEADERS.attempts]: '3',
        [DLQ_HEADERS.reason]: 'cannot parse',
      });
      expect(after.received.map((message) => message.id)).toEqual(['p-2']);
    });

    it('answers a request, sharing the load among the servers of a pattern', async () => {
      const [first_bus, second_bus, client_bus] = [
        await startBus(),
        await startBus(),
        await startBus(),
      ];
      const pattern = `${uniqueName('svc')}.get_quote`;
      await first_bus.serve(pattern, async (payload) => ({ server: 'first', echo: payload }));
      await second_bus.serve(pattern, async (payload) => ({ server: 'second', echo: payload }));
      const replies = (await Promise.all(
        Array.from({ length: 24 }, (_, index) =>
          client_bus.request(pattern, { index }, { timeout_ms: 20_000 }),
        ),
      )) as { server: string; echo: { index: number } }[];
      expect(replies.map((reply) => reply.echo.index)).toEqual(
        Array.from({ length: 24 }, (_, index) => index),
      );
      expect(new Set(replies.map((reply) => reply.server))).toEqual(new Set(['first', 'second']));
    });

    it('rejects a request with BusTimeoutError when no reply comes in time', async () => {
      const [server_bus, client_bus] = [await startBus(), await startBus()];
      const pattern = `${uniqueName('svc')}.slow`;
      const release = deferred();
      await server_bus.serve(pattern, async () => {
        await release.promise;
        return 'too late';
      });
      try {
        await expect(client_bus.request(pattern, {}, { timeout_ms: 300 })).rejects.toBeInstanceOf(
          BusTimeoutError,
        );
      } finally {
        release.resolve();
      }
    });

    it('reports itself ready while open and serving, and not ready once closed', async () => {
      const bus = await startBus();
      await bus.serve(`${uniqueName('svc')}.ping`, async () => 'pong');
      await expect(bus.checkReady()).resolves.toBeUndefined();
      await bus.close();
      await expect(bus.checkReady()).rejects.toBeInstanceOf(BusClosedError);
    });

    it('rejects a request with BusHandlerError when its handler throws', async () => {
      const [server_bus, client_bus] = [await startBus(), await startBus()];
      const pattern = `${uniqueName('svc')}.broken`;
      await server_bus.serve(pattern, async () => {
        throw new Error('handler bug');
      });
      const failure = client_bus.request(pattern, {}, { timeout_ms: 20_000 });
      await expect(failure).rejects.toBeInstanceOf(BusHandlerError);
      await expect(failure).rejects.toThrow('handler bug');
    });

    it('carries headers and W3C trace context to event and request handlers', async () => {
      const [server_bus, client_bus] = [await startBus(), await startBus()];
      const topic = uniqueName('traced');
      const pattern = `${uniqueName('svc')}.traced`;
      const trace = {
        traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
        tracestate: 'platform=t61rcWkgMzE',
        'x-correlation-id': 'corr-1',
      };
      const inbox = collector();
      await server_bus.subscribe({ topics: [topic], group: 'tracing', handler: inbox.handler });
      await server_bus.serve(pattern, async (_payload, message) => message.headers);
      await client_bus.publish(topic, [{ id: 't-1', headers: trace, payload: null }]);
      const served_headers = await client_bus.request(pattern, null, {
        headers: trace,
        timeout_ms: 20_000,
      });
      await waitFor(() => inbox.received.length === 1);
      expect(inbox.received[0]?.headers).toMatchObject(trace);
      expect(served_headers).toMatchObject(trace);
    });

    describe('with an OpenTelemetry propagator registered', () => {
      beforeAll(() => {
        context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
        propagation.setGlobalPropagator(new W3CTraceContextPropagator());
      });
      afterAll(() => {
        propagation.disable();
        context.disable();
      });

      it('sends the active trace context and runs handlers inside it', async () => {
        const [server_bus, client_bus] = [await startBus(), await startBus()];
        const topic = uniqueName('otel');
        const pattern = `${uniqueName('svc')}.otel`;
        const trace_id = '0af7651916cd43dd8448eb211c80319c';
        const active = trace.setSpanContext(ROOT_CONTEXT, {
          traceId: trace_id,
          spanId: 'b7ad6b7169203331',
          traceFlags: TraceFlags.SAMPLED,
        });
        const seen: { header?: string; active_trace_id?: string }[] = [];
        const observe = (message: DeliveredMessage): void => {
          seen.push({
            header: message.headers.traceparent,
            active_trace_id: trace.getSpanContext(context.active())?.traceId,
          });
        };
        await server_bus.subscribe({
          topics: [topic],
          group: 'otel',
          handler: async (message) => observe(message),
        });
        await server_bus.serve(pattern, async (_payload, message) => observe(message));
        await context.with(active, async () => {
          await client_bus.publish(topic, [{ id: 'o-1', payload: null }]);
          await client_bus.request(pattern, null, { timeout_ms: 20_000 });
        });
        await waitFor(() => seen.length === 2);
        const expected = {
          header: `00-${trace_id}-b7ad6b7169203331-01`,
          active_trace_id: trace_id,
        };
        expect(seen).toEqual([expected, expected]);
      });
    });

    it('serves Nest @MessagePattern and @EventPattern handlers through BusServer and BusClient', async () => {
      const [server_bus, client_bus] = [await startBus(), await startBus()];
      const service = uniqueName('nestsvc');
      const fixture = nestFixture(service);
      const app = await NestFactory.createMicroservice(fixture.module, {
        strategy: new BusServer(server_bus, { group: service }),
        logger: false,
      });
      apps.push(app);
      app.useGlobalFilters(new BusExceptionFilter());
      await app.listen();
      const client = new BusClient(client_bus);
      const options = { timeout_ms: 20_000, headers: { 'x-tenant': 'org_9' } };

      const command = fixtureCommand(service);
      await expect(client.send(command('echo'), { n: 1 }, options)).resolves.toEqual({
        echoed: { n: 1 },
        tenant: 'org_9',
      });
      await expect(client.send(command('count'), {}, options)).resolves.toBe(3);
      const missing = client.send(command('find'), { id: 'x' }, options);
      await expect(missing).rejects.toBeInstanceOf(DomainError);
      await expect(missing).rejects.toMatchObject({
        code: 'not_found',
        message: 'payout x not found',
      });
      await expect(client.send(command('crash'), {}, options)).rejects.toMatchObject({
        code: 'internal_error',
        message: 'internal error',
      });

      await client_bus.publish(`${service}.happened`, [
        { id: 'e-1', key: 'acc-1', payload: { n: 7 } },
      ]);
      await waitFor(() => fixture.events.length === 1);
      expect(fixture.events).toEqual([{ n: 7 }]);
    });

    it('sets an event its handler keeps refusing aside as a dead letter and takes the next (D12)', async () => {
      const [server_bus, client_bus] = [await startBus(), await startBus()];
      const service = uniqueName('poisoned');
      const fixture = refusingFixture(service);
      const letters: NewDeadLetter[] = [];
      const dead_letters = { record: async (letter: NewDeadLetter) => void letters.push(letter) };
      const app = await NestFactory.createMicroservice(fixture.module, {
        strategy: new BusServer(server_bus, {
          group: service,
          max_attempts: 3,
          dead_letters: () => dead_letters as unknown as DeadLetters,
        }),
        logger: false,
      });
      apps.push(app);
      app.useGlobalFilters(new BusExceptionFilter());
      await app.listen();

      // One key: the good events wait behind the poison one, and come through once it is aside.
      await client_bus.publish(`${service}.happened`, [
        { id: 'flaky', key: 'acc-1', payload: { label: 'flaky' } },
        { id: 'poison', key: 'acc-1', payload: { label: 'poison' } },
        { id: 'good', key: 'acc-1', payload: { label: 'good' } },
      ]);
      await waitFor(() => fixture.handled.includes('good'));
      expect(fixture.handled).toEqual(['flaky', 'good']);
      expect(letters).toEqual([
        expect.objectContaining({
          source: `consumer:${service}.happened`,
          record_key: 'poison',
          reason: 'Error: cannot take poison',
          payload: { label: 'poison' },
          attempts: 3,
        }),
      ]);
      // The database being down four times in a row never counted: `flaky` went through.
      expect(fixture.attempts.get('flaky')).toBe(5);
    });
  });
}

/**
 * An event handler that refuses `poison` every time and fails `flaky` four times for a reason
 * that says nothing about the event (its database is down), then takes it.
 */
function refusingFixture(service: string): {
  module: new () => unknown;
  handled: string[];
  attempts: Map<string, number>;
} {
  const handled: string[] = [];
  const attempts = new Map<string, number>();

  @Controller()
  class RefusingMessages {
    @EventPattern(`${service}.happened`)
    happened(@Payload() data: { label: string }): void {
      const attempt = (attempts.get(data.label) ?? 0) + 1;
      attempts.set(data.label, attempt);
      if (data.label === 'poison') throw new Error('cannot take poison');
      if (data.label === 'flaky' && attempt < 5)
        throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      handled.push(data.label);
    }
  }

  @Module({ controllers: [RefusingMessages] })
  class RefusingModule {}

  return { module: RefusingModule, handled, attempts };
}

function nestFixture(service: string): { module: new () => unknown; events: unknown[] } {
  const events: unknown[] = [];

  @Controller()
  class FixtureMessages {
    @MessagePattern(`${service}.echo`)
    async echo(@Payload() data: unknown, @Ctx() context: BusContext): Promise<unknown> {
      return { echoed: data, tenant: context.getHeaders()['x-tenant'] };
    }

    @MessagePattern(`${service}.count`)
    count(): unknown {
      return of(1, 2, 3);
    }

    @MessagePattern(`${service}.find`)
    find(@Payload() data: { id: string }): never {
      throw new DomainError('not_found', `payout ${data.id} not found`);
    }

    @MessagePattern(`${service}.crash`)
    crash(): never {
      throw new Error('secret detail');
    }

    @EventPattern(`${service}.happened`)
    happened(@Payload() data: unknown): void {
      events.push(data);
    }
  }

  @Module({ controllers: [FixtureMessages] })
  class FixtureModule {}

  return { module: FixtureModule, events };
}

/**
 * A command of the fixture service. Its service name is made up per test (topics of its own), so
 * it is built here rather than with `defineCommand`, which admits only the platform's services.
 */
function fixtureCommand(service: string) {
  return (verb: string): CommandDefinition<z.ZodType, z.ZodType> => ({
    name: `${service}.${verb}` as CommandName,
    summary: `the fixture's ${verb}`,
    request: z.unknown(),
    reply: z.unknown(),
  });
}

function uniqueName(label: string): string {
  return `${label}_${randomUUID().slice(0, 8)}`;
}

function collector(): {
  received: DeliveredMessage[];
  handler: (message: DeliveredMessage) => Promise<void>;
} {
  const received: DeliveredMessage[] = [];
  return { received, handler: async (message) => void received.push(message) };
}

function pause(duration_ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, duration_ms));
}

/** Room for a wrongly duplicated or reordered delivery to show up before the assertions. */
function settle(): Promise<void> {
  return pause(300);
}

async function waitFor(condition: () => boolean, timeout_ms = 60_000): Promise<void> {
  const deadline = Date.now() + timeout_ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await pause(10);
  }
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}
