import { ApiBody } from '@nestjs/swagger';
import { z } from 'zod';

/** Documents a request body from the same zod schema that validates it. */
export function ApiZodBody(schema: z.ZodType, description?: string): MethodDecorator {
  return ApiBody({
    schema: zodToOpenApiSchema(schema, 'input'),
    required: true,
    ...(description ? { description } : {}),
  });
}

/** JSON Schema 2020-12, which OpenAPI 3.1 uses as is; the document states the dialect once. */
export function zodToOpenApiSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, any> {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
  }) as Record<string, any>;
  return json;
}
