import type { z } from 'zod';
import { DomainError, type ErrorCode } from '../errors';

/**
 * Validates a command payload at a service's door. Unknown fields are `invalid_json` (as at the
 * HTTP edge); any other failure is the given code, with the first problem as the message.
 */
export function parseCommand<T>(
  schema: z.ZodType<T>,
  payload: unknown,
  code: ErrorCode = 'invalid_request',
): T {
  const result = schema.safeParse(payload);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (issue?.code === 'unrecognized_keys')
    throw new DomainError('invalid_json', `unknown field ${issue.keys.join(', ')}`);
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw new DomainError(code, `${where}${issue?.message ?? 'invalid request'}`);
}
