import 'reflect-metadata';
import { PATTERN_METADATA } from '@nestjs/microservices/constants';
import { z } from 'zod';
import { DomainError, defineCommand } from '@platform/contracts';
import { Handles } from './handles.decorator';
import type { BusContext } from './bus-context';

const echo = defineCommand({
  name: 'ledger.echo_amount',
  summary: 'test command',
  request: z.object({ amount: z.string(), times: z.coerce.number().default(1) }).strict(),
  reply: z.object({ echoed: z.string() }),
});

class EchoHandlers {
  @Handles(echo)
  echo(request: { amount: string; times: number }) {
    return { echoed: request.amount.repeat(request.times) };
  }
}

describe('the command catalog', () => {
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

  it('serves the command under its catalog name', () => {
    const method = EchoHandlers.prototype.echo;
    expect(Reflect.getMetadata(PATTERN_METADATA, method)).toEqual(['ledger.echo_amount']);
  });

  it('hands the handler the parsed request: defaults applied, unknown fields refused', () => {
    const handlers = new EchoHandlers();
    const call = (payload: unknown) =>
      (handlers.echo as unknown as (p: unknown, c: BusContext) => unknown)(
        payload,
        {} as BusContext,
      );
    expect(call({ amount: 'ab' })).toEqual({ echoed: 'ab' });
    expect(call({ amount: 'ab', times: '2' })).toEqual({ echoed: 'abab' });
    expect(() => call({ amount: 'ab', extra: true })).toThrow(DomainError);
    expect(() => call({ amount: 1 })).toThrow(/amount/);
  });
});
