import { applyDecorators } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import { FILTER_DATE_DESCRIPTION, PLATFORM_LOCALES } from '@platform/contracts';
import type { z } from 'zod';
import { zodToOpenApiSchema } from '../validation/api-zod-body.decorator';
import { EXPORT_FORMAT_DESCRIPTION } from '../export/send-export';

const DATE_FILTER_SCHEMA = { type: 'string', format: 'date' } as const;

/** Documents the `from`/`to` date filters of a listing (one text for every listing, D12). */
export function ApiDateFilters(): MethodDecorator {
  return applyDecorators(
    ...['from', 'to'].map((name) =>
      ApiQuery({
        name,
        required: false,
        description: FILTER_DATE_DESCRIPTION,
        schema: DATE_FILTER_SCHEMA,
      }),
    ),
  );
}

/** Documents D7 paging: `page` from 1, `page_size` 20 by default and clamped to 100. */
export function ApiPagination(): MethodDecorator {
  return applyDecorators(
    ApiQuery({ name: 'page', required: false, schema: { type: 'integer', minimum: 1 } }),
    ApiQuery({
      name: 'page_size',
      required: false,
      description: 'default 20; a value above 100 is clamped to 100',
      schema: { type: 'integer', minimum: 1 },
    }),
  );
}

/**
 * Documents each field of a query schema (a zod object) as a query parameter, from the same
 * schema that validates it; `from`/`to` take the shared date filter text.
 */
export function ApiZodQuery(schema: z.ZodObject): MethodDecorator {
  const json = zodToOpenApiSchema(schema, 'input');
  const properties: Record<string, Record<string, unknown>> = json.properties ?? {};
  const required: string[] = json.required ?? [];
  return applyDecorators(
    ...Object.entries(properties).map(([name, property]) =>
      ['from', 'to'].includes(name)
        ? ApiQuery({
            name,
            required: false,
            description: FILTER_DATE_DESCRIPTION,
            schema: DATE_FILTER_SCHEMA,
          })
        : ApiQuery({ name, required: required.includes(name), schema: typedQuery(name, property) }),
    ),
  );
}

const PAGING_SCHEMAS: Record<string, Record<string, unknown>> = {
  page: { type: 'integer', minimum: 1, description: 'from 1' },
  page_size: {
    type: 'integer',
    minimum: 1,
    description: 'default 20; a value above 100 is clamped to 100',
  },
};

/**
 * A query field the route reads itself (`z.unknown()`, an empty schema) is still text on the
 * wire: paging fields are positive integers, any other a string.
 */
function typedQuery(name: string, property: Record<string, unknown>): any {
  const untyped = !('type' in property) && !('enum' in property) && !('anyOf' in property);
  if (!untyped) return property;
  return PAGING_SCHEMAS[name] ?? { ...property, type: 'string' };
}

/** Documents `lang` and `locale`, the query choices of a document's language (spec §1 order). */
export function ApiDocumentLocale(): MethodDecorator {
  return applyDecorators(
    ApiQuery({
      name: 'lang',
      required: false,
      schema: { type: 'string', enum: [...PLATFORM_LOCALES] },
    }),
    ApiQuery({ name: 'locale', required: false, schema: { type: 'string' } }),
  );
}

/** Documents `format=csv|xlsx`: an export of up to 10,000 rows instead of a page. */
export function ApiExportFormat(): MethodDecorator {
  return ApiQuery({
    name: 'format',
    required: false,
    description: EXPORT_FORMAT_DESCRIPTION,
    schema: { type: 'string', enum: ['csv', 'xlsx'] },
  });
}
