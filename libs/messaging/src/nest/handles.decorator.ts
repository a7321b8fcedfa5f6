import { Ctx, MessagePattern, Payload } from '@nestjs/microservices';
import {
  parseCommand,
  type AnyCommand,
  type CommandRequest,
  type CommandResult,
} from '@platform/contracts';
import type { BusContext } from './bus-context';

/** The shape a handler of `C` has: the parsed request in, the reply (or its promise) out. */
export type CommandHandler<C extends AnyCommand> = (
  request: CommandRequest<C>,
  context: BusContext,
) => CommandResult<C> | Promise<CommandResult<C>>;

/**
 * `@Handles(command)`: this method serves `command`. The payload is parsed with the command's
 * request schema before the method runs (`invalid_json` for unknown fields, otherwise the
 * command's `invalid_code`, by default `invalid_request`), and the compiler checks the method
 * against the command's request and reply types.
 * The only way a service serves a command: no pattern string appears outside the catalog.
 */
export function Handles<C extends AnyCommand>(command: C) {
  return <M extends CommandHandler<C>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<M>,
  ): void => {
    const handler = descriptor.value;
    if (!handler) throw new Error(`@Handles(${command.name}) needs a method`);
    const parsing = function (this: unknown, payload: unknown, context: BusContext) {
      const request: CommandRequest<C> = parseCommand(
        command.request,
        payload,
        command.invalid_code,
      );
      return handler.call(this, request, context);
    };
    Object.defineProperty(parsing, 'name', { value: handler.name });
    // Metadata that decorators below this one set on the method (SetMetadata) stays readable.
    for (const metadata_key of Reflect.getMetadataKeys(handler))
      Reflect.defineMetadata(metadata_key, Reflect.getMetadata(metadata_key, handler), parsing);
    descriptor.value = parsing as unknown as M;
    // Without declared parameters Nest hands a handler the payload alone: declare both.
    Payload()(target, key, 0);
    Ctx()(target, key, 1);
    MessagePattern(command.name)(target, key, descriptor);
  };
}
