import 'reflect-metadata';
import { Controller, Module, SetMetadata, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { z } from 'zod';
import { DomainError, defineCommand } from '@platform/contracts';
import { InProcessBus } from '../in-process-bus';
import { BusClient } from './bus-client';
import type { BusContext } from './bus-context';
import { BusExceptionFilter } from './bus-exception.filter';
import { BusServer } from './bus-server';
import { Handles } from './handles.decorator';

const echo = defineCommand({
  name: 'ledger.echo_amount',
  summary: 'test command',
  request: z.object({ amount: z.string(), times: z.coerce.number().default(1) }).strict(),
  reply: z.object({ echoed: z.string(), attempt: z.number() }),
});

const lying = defineCommand({
  name: 'ledger.get_lie',
  summary: 'answers a shape its reply schema does not promise',
  request: z.object({}).strict(),
  reply: z.object({ amount: z.string() }),
});

const channelled = defineCommand({
  name: 'ledger.send_note',
  summary: 'a command whose malformed request has a code of its own',
  request: z.object({ channel: z.enum(['email', 'sms']) }).strict(),
  reply: z.object({ sent: z.boolean() }),
  invalid_code: 'invalid_channel',
});

@Controller()
class EchoHandlers {
  @Handles(echo)
  echo(request: { amount: string; times: number }, context: BusContext) {
    return { echoed: request.amount.repeat(request.times), attempt: context.getMessage().attempt };
  }

  @Handles(channelled)
  note() {
    return { sent: true };
  }

  @Handles(lying)
  lie() {
    return { amount: 12 } as unknown as { amount: string };
  }
}

@Module({ controllers: [EchoHandlers] })
class EchoModule {}

describe('the command catalog', () => {
  let bus: InProcessBus;
  let app: INestMicroservice;

  beforeAll(async () => {
    bus = new InProcessBus();
    app = await NestFactory.createMicroservice(EchoModule, {
      strategy: new BusServer(bus, { group: 'ledger' }),
      logger: false,
    });
    app.useGlobalFilters(new BusExceptionFilter());
    await app.listen();
  });
  afterAll(async () => {
    await app.close();
    await bus.close();
  });

  it('refuses a command name that is not <service>.<verb>_<noun> of a bus service', () => {
    const define = (name: string) =>
      defineCommand({
        name: name as never,
        summary: '',
        request: z.object({}),
        reply: z.object({}),
      });
    expect(() => define('ledger')).toThrow(/command name/);
    expect(() => define('gateway.get_thing')).toThrow(/command name/);
    expect(() => define('ledger.Get-Thing')).toThrow(/command name/);
    expect(define('crypto-wallets.get_wallet').name).toBe('crypto-wallets.get_wallet');
  });

  it('hands the handler the parsed request and the message context', async () => {
    const client = new BusClient(bus);
    await expect(client.send(echo, { amount: 'ab' })).resolves.toEqual({
      echoed: 'ab',
      attempt: 1,
    });
    await expect(client.send(echo, { amount: 'ab', times: 2 })).resolves.toEqual({
      echoed: 'abab',
      attempt: 1,
    });
  });

  it('answers a malformed request with the typed error, before the handler runs', async () => {
    const client = new BusClient(bus);
    const unknown_field = { amount: 'ab', extra: true } as unknown as { amount: string };
    await expect(client.send(echo, unknown_field)).rejects.toMatchObject({ code: 'invalid_json' });
    const wrong_type = { amount: 1 } as unknown as { amount: string };
    await expect(client.send(echo, wrong_type)).rejects.toBeInstanceOf(DomainError);
  });

  it("refuses a malformed request with the command's own code; unknown fields stay invalid_json", async () => {
    const client = new BusClient(bus);
    await expect(client.send(channelled, { channel: 'email' })).resolves.toEqual({ sent: true });
    const pigeon = { channel: 'pigeon' } as unknown as { channel: 'email' };
    await expect(client.send(channelled, pigeon)).rejects.toMatchObject({
      code: 'invalid_channel',
    });
    const extra = { channel: 'sms', extra: 1 } as unknown as { channel: 'sms' };
    await expect(client.send(channelled, extra)).rejects.toMatchObject({ code: 'invalid_json' });
  });

  it('checks replies against the catalog when asked to, as the test platforms do', async () => {
    await expect(new BusClient(bus).send(lying, {})).resolves.toEqual({ amount: 12 });
    const checking = new BusClient(bus, { validate_replies: true });
    await expect(checking.send(lying, {})).rejects.toThrow(/ledger.get_lie does not match/);
  });

  it('keeps the metadata decorators below it set on the method, as interceptors read it', () => {
    class Marked {
      @Handles(channelled)
      @SetMetadata('marked', 'yes')
      note() {
        return { sent: true };
      }
    }
    const handler = Object.getOwnPropertyDescriptor(Marked.prototype, 'note')!.value as object;
    expect(Reflect.getMetadata('marked', handler)).toBe('yes');
  });
});
