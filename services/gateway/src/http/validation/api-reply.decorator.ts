import { ApiResponse } from '@nestjs/swagger';
import { z } from 'zod';
import type { CommandDefinition } from '@platform/contracts';
import { zodToOpenApiSchema } from './api-zod-body.decorator';

/**
 * Documents a success response from the schema of the command whose reply the route relays (or
 * from a schema the route builds around it, such as a listing page), so the document can never
 * drift from what the services answer: the same schema validates the reply in tests.
 */
export function ApiReply(
  reply: CommandDefinition | z.ZodType,
  status = 200,
  description = 'success',
): MethodDecorator {
  const schema = reply instanceof z.ZodType ? reply : reply.reply;
  return ApiResponse({
    status,
    description,
    content: { 'application/json': { schema: zodToOpenApiSchema(schema, 'output') } },
  });
}

/** A listing page: `{page, page_size, has_more, has_more, <collection>: [...]}`. */
export function listingPage<Name extends string, Item extends z.ZodType>(
  collection: Name,
  item: Item,
) {
  return z.object({
    page: z.number().int(),
    page_size: z.number().int(),
    has_more: z.boolean().describe('another page follows this one'),
    [collection]: z.array(item),
  } as { page: z.ZodNumber; page_size: z.ZodNumber; has_more: z.ZodBoolean } & Record<
    Name,
    z.ZodArray<Item>
  >);
}

/** Documents a success response that is a file or a page rather than JSON (PDF, XLSX, CSV, HTML). */
export function ApiFileReply(media_types: readonly string[], description: string): MethodDecorator {
  const body = { type: 'string', format: 'binary' } as const;
  return ApiResponse({
    status: 200,
    description,
    content: Object.fromEntries(
      media_types.map((type) => [
        type,
        { schema: type.startsWith('text/') ? { type: 'string' } : body },
      ]),
    ),
  });
}
