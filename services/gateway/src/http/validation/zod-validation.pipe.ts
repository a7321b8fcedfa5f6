import { Body, Query, type PipeTransform } from '@nestjs/common';
import { DomainError, type ErrorCode } from '@platform/contracts';
import type { z } from 'zod';

export interface ZodValidationOptions {
  /** The code of a failure other than unknown fields or a non-object body; default invalid_request. */
  error_code?: ErrorCode;
}

/**
 * Validates with a zod schema; body schemas should be `.strict()`. Unknown fields and a body
 * that is not a JSON object answer invalid_json (spec section 7); any other failure answers the
 * code the route declares.
 */
export class ZodValidationPipe<TSchema extends z.ZodType> implements PipeTransform<
  unknown,
  z.output<TSchema>
> {
  constructor(
    private readonly schema: TSchema,
    private readonly options: ZodValidationOptions = {},
  ) {}

  transform(value: unknown): z.output<TSchema> {
    return parseOrThrow(this.schema, value, this.options);
  }
}

export function parseOrThrow<TSchema extends z.ZodType>(
  schema: TSchema,
  value: unknown,
  options: ZodValidationOptions = {},
): z.output<TSchema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw validationError(result.error.issues, options.error_code ?? 'invalid_request');
}

export function validationError(
  issues: readonly z.core.$ZodIssue[],
  error_code: ErrorCode,
): DomainError {
  const unknown_keys = issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => joinPath([...issue.path, key]))
      : [],
  );
  if (unknown_keys.length > 0)
    return new DomainError('invalid_json', `unknown field(s): ${unknown_keys.join(', ')}`);
  const root_type = issues.find(
    (issue) => issue.code === 'invalid_type' && issue.path.length === 0,
  );
  if (root_type) return new DomainError('invalid_json', 'request body must be a JSON object');
  const first = issues[0];
  const where = first && first.path.length > 0 ? `${joinPath(first.path)}: ` : '';
  return new DomainError(error_code, `${where}${first?.message ?? 'invalid request'}`);
}

function joinPath(path: readonly PropertyKey[]): string {
  return path
    .map((part) => (typeof part === 'number' ? `[${part}]` : String(part)))
    .join('.')
    .replace(/\.\[/g, '[');
}

/** `@ValidatedBody(schema) body: z.output<typeof schema>` */
export function ValidatedBody(
  schema: z.ZodType,
  options?: ZodValidationOptions,
): ParameterDecorator {
  return Body(new ZodValidationPipe(schema, options));
}

/** Query schemas should not be strict: clients add tracking parameters. */
export function ValidatedQuery(
  schema: z.ZodType,
  options?: ZodValidationOptions,
): ParameterDecorator {
  return Query(new ZodValidationPipe(schema, options));
}
