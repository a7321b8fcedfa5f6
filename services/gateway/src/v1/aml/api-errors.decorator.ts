import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ERROR_HTTP_STATUS, type ErrorCode } from '@platform/contracts';
import { ERROR_BODY_SCHEMA_NAME } from '../../http/openapi/openapi-document';

/**
 * Documents the error answers a route gives, grouped by the HTTP status the error catalog maps
 * each code to: `{error, message}` with the codes named in the description.
 */
export function ApiErrors(...codes: ErrorCode[]): MethodDecorator {
  const by_status = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = ERROR_HTTP_STATUS[code];
    by_status.set(status, [...(by_status.get(status) ?? []), code]);
  }
  return applyDecorators(
    ...[...by_status].map(([status, grouped]) =>
      ApiResponse({
        status,
        description: grouped.map((code) => `\`${code}\``).join(', '),
        content: {
          'application/json': {
            schema: { $ref: `#/components/schemas/${ERROR_BODY_SCHEMA_NAME}` },
          },
        },
      }),
    ),
  );
}
