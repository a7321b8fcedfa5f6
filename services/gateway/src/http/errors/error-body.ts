import { ERROR_HTTP_STATUS, type ErrorCode } from '@platform/contracts';

/** The one error body of the whole API (spec section 1, Conventions). */
export interface ErrorBody {
  error: ErrorCode;
  message: string;
}

/** What an unexpected failure answers: nothing of the cause leaves the process. */
export const INTERNAL_ERROR_BODY: ErrorBody = {
  error: 'internal_error',
  message: 'internal error',
};

export function httpStatusOf(code: ErrorCode): number {
  return ERROR_HTTP_STATUS[code];
}

/** The error body as an OpenAPI 3.1 (JSON Schema 2020-12) component. */
export const ERROR_BODY_JSON_SCHEMA = {
  type: 'object',
  description:
    'Every error answers this body; logic uses the stable snake_case `error`, `message` may change.',
  properties: {
    error: {
      type: 'string',
      description: 'stable error code from the catalog',
      examples: ['invalid_request'],
    },
    message: {
      type: 'string',
      description: 'human-readable detail',
      examples: ['page_size must be a positive integer'],
    },
  },
  required: ['error', 'message'],
  additionalProperties: false,
} as const;
