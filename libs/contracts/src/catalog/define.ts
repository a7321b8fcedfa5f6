import type { z } from 'zod';
import type { ErrorCode } from '../errors';

import { COMMAND_SERVICES, type CommandService } from './services';

export { COMMAND_SERVICES, type CommandService };

/** `<service>.<verb>_<noun>`: the name a command travels under on the bus (its Kafka topic's key). */
export type CommandName = `${CommandService}.${string}`;

/**
 * One command of the catalog: its name, the request it takes and the reply it answers, each a
 * zod schema. Callers send the definition (never a name), so the request is checked by the
 * compiler and the reply is typed; handlers declare the definition they serve and receive the
 * parsed request. The gateway documents its responses from the same reply schemas.
 */
export interface CommandDefinition<
  Request extends z.ZodType = z.ZodType,
  Reply extends z.ZodType = z.ZodType,
> {
  readonly name: CommandName;
  readonly request: Request;
  readonly reply: Reply;
  /** What the command does, in one line: for logs, traces and the catalog's reference. */
  readonly summary: string;
  /**
   * The code a request that fails its schema is refused with (`invalid_request` when absent;
   * unknown fields are always `invalid_json`): the spec's code for the command's one checked value.
   */
  readonly invalid_code?: ErrorCode;
}

/** Any command of the catalog, whatever its schemas. */
export type AnyCommand = CommandDefinition<any, any>;

/** What a caller passes: the request schema's input (defaults may be left out). */
export type CommandInput<C extends AnyCommand> = z.input<C['request']>;
/** What a handler receives: the parsed request (defaults applied, transforms run). */
export type CommandRequest<C extends AnyCommand> = z.output<C['request']>;
/** What a handler returns: the reply schema's input. */
export type CommandResult<C extends AnyCommand> = z.input<C['reply']>;
/** What a caller gets back: the reply schema's output. */
export type CommandReply<C extends AnyCommand> = z.output<C['reply']>;

const COMMAND_NAME = /^[a-z][a-z-]*\.[a-z][a-z0-9_]*$/;

/** Defines a command of the catalog; a malformed name fails at load time, not at first call. */
export function defineCommand<Request extends z.ZodType, Reply extends z.ZodType>(
  definition: CommandDefinition<Request, Reply>,
): CommandDefinition<Request, Reply> {
  const service = definition.name.slice(0, definition.name.indexOf('.'));
  if (!COMMAND_NAME.test(definition.name) || !COMMAND_SERVICES.includes(service as CommandService))
    throw new Error(`command name must be <service>.<verb>_<noun>: ${definition.name}`);
  return Object.freeze({ ...definition });
}

/**
 * The most rows a listing command reads: a page of at most 100 and one more, by which the gateway
 * tells whether another page follows (`has_more`).
 */
export const PAGE_ROWS_MAX = 101;
