import { Inject, Injectable, Optional, type Provider } from '@nestjs/common';
import {
  DomainError,
  isErrorCode,
  replySchema,
  type AnyCommand,
  type CommandInput,
  type CommandReply,
} from '@platform/contracts';
import type { MessageBus, RequestOptions } from '../bus';
import { withRequestSpan } from '../trace-context';
import { noteReplayedReply } from './replays';

/** Injection token of the MessageBus a service or the gateway talks through. */
export const MESSAGE_BUS = Symbol('MESSAGE_BUS');
/** Injection token of the BusClient's options. */
export const BUS_CLIENT_OPTIONS = Symbol('BUS_CLIENT_OPTIONS');

export interface BusClientOptions {
  /**
   * Check every reply against its command's reply schema (tests turn it on): a handler that
   * answers a shape the catalog does not promise fails loudly instead of reaching a client.
   */
  validate_replies?: boolean;
}

/**
 * Sends a command of the catalog and unwraps its Reply: the value, typed by the command's reply
 * schema, or the typed error thrown as a DomainError. A timeout stays a BusTimeoutError: it is not
 * an answer. Each call is a CLIENT span whose context travels with the command, so the handler's
 * span joins the caller's trace.
 */
@Injectable()
export class BusClient {
  private readonly validate_replies: boolean;

  constructor(
    @Inject(MESSAGE_BUS) private readonly bus: MessageBus,
    @Optional() @Inject(BUS_CLIENT_OPTIONS) options: BusClientOptions | null = null,
  ) {
    this.validate_replies = options?.validate_replies ?? false;
  }

  send<C extends AnyCommand>(
    command: C,
    payload: CommandInput<C>,
    options: RequestOptions = {},
  ): Promise<CommandReply<C>> {
    const pattern = command.name;
    const key = options.key ?? accountKeyOf(payload);
    const sent = key === undefined ? options : { ...options, key };
    return withRequestSpan(pattern, async () => {
      const parsed = replySchema.safeParse(await this.bus.request(pattern, payload, sent));
      if (!parsed.success) throw new DomainError('internal_error', `malformed reply to ${pattern}`);
      const reply = parsed.data;
      if (!reply.ok)
        throw new DomainError(
          isErrorCode(reply.error) ? reply.error : 'internal_error',
          reply.message,
        );
      if (reply.replayed) noteReplayedReply();
      if (!this.validate_replies) return reply.value as CommandReply<C>;
      return checkedReply(command, reply.value);
    });
  }
}

/**
 * A command about an account is keyed by it: one instance of the serving service then handles
 * all of an account's commands, with that account's streams and rows in its caches.
 * Spread over the instances, each would find the heads the other had just moved.
 */
function accountKeyOf(payload: unknown): string | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const { account_id } = payload as { account_id?: unknown };
  return typeof account_id === 'string' && account_id.length > 0 ? account_id : undefined;
}

function checkedReply<C extends AnyCommand>(command: C, value: unknown): CommandReply<C> {
  const checked = command.reply.safeParse(value);
  if (checked.success) return checked.data as CommandReply<C>;
  const issue = checked.error.issues[0];
  throw new Error(
    `reply to ${command.name} does not match the catalog: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`,
  );
}

/** Providers of MESSAGE_BUS and BusClient for a module. */
export function messageBusProviders(bus: MessageBus, options: BusClientOptions = {}): Provider[] {
  return [
    { provide: MESSAGE_BUS, useValue: bus },
    { provide: BUS_CLIENT_OPTIONS, useValue: options },
    BusClient,
  ];
}
