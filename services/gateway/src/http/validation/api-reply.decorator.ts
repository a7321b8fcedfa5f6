import { ApiResponse } from '@nestjs/swagger';
import { z } from 'zod';
import type { CommandDefinition } from '@platform/contracts';
import { isIdTaken, listingPageId, nameSchema } from '../openapi/component-schemas';
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

/**
 * A listing page: `{page, page_size, has_more, <collection>: [...]}`, the component `<Item>Page` (one schema
 * per collection and item, however many routes list them).
 */
export function listingPage<Name extends string, Item extends z.ZodType>(
  collection: Name,
  item: Item,
) {
  const schema = z.object({
    page: z.number().int(),
    page_size: z.number().int(),
    has_more: z.boolean().describe('another page follows this one'),
    [collection]: z.array(item),
  } as { page: z.ZodNumber; page_size: z.ZodNumber; has_more: z.ZodBoolean } & Record<
    Name,
    z.ZodArray<Item>
  >);
  const pages = LISTING_PAGES.get(item) ?? new Map<string, z.ZodType>();
  LISTING_PAGES.set(item, pages);
  const known = pages.get(collection);
  if (known) return known as typeof schema;
  pages.set(collection, schema);
  const id = listingPageId(collection, item);
  return isIdTaken(id) ? schema : nameSchema(schema, id);
}

/** The page schema of each item and collection, so that one listing is one component. */
const LISTING_PAGES = new WeakMap<z.ZodType, Map<string, z.ZodType>>();

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
