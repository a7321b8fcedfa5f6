import { ApiBody, ApiExtension } from '@nestjs/swagger';
import { z } from 'zod';
import { nameContractResources, pointDefinitionsAtComponents } from '../openapi/component-schemas';

// Before any controller's decorators run: resources are then written once, as components.
nameContractResources();

/** Documents a request body from the same zod schema that validates it. */
export function ApiZodBody(schema: z.ZodType, description?: string): MethodDecorator {
  return ApiBody({
    schema: zodToOpenApiSchema(schema, 'input'),
    required: true,
    ...(description ? { description } : {}),
  });
}

/** Where `ApiMultipartBody` leaves its schema for the document to move into the request body. */
export const MULTIPART_BODY_EXTENSION = 'x-multipart-body';

/**
 * Documents `multipart/form-data` beside the route's JSON body (`ApiZodBody`): @nestjs/swagger
 * gives every media type of a body one schema, so the document builder puts this one in place.
 */
export function ApiMultipartBody(schema: Record<string, unknown>): MethodDecorator {
  return ApiExtension(MULTIPART_BODY_EXTENSION, schema);
}

/**
 * JSON Schema 2020-12, which OpenAPI 3.1 uses as is; the document states the dialect once. A named
 * schema (see component-schemas) is a `$ref` to its component; its definition rides along under
 * `$defs` until the document builder moves it into `components.schemas`.
 */
export function zodToOpenApiSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, any> {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
  }) as Record<string, any>;
  return pointDefinitionsAtComponents(json);
}
