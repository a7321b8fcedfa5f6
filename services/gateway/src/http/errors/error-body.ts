import { ERROR_HTTP_STATUS, type ErrorCode } from '@platform/contracts';

/** The one error body of the whole API (spec section 1, Conventions). */
export interface ErrorBody {
  error: ErrorCode;
  message: string;
  /** The request's id, the same as its `X-Request-Id` response header. */
  request_id?: string;
}

/** The body as answered: every error names the request it answers. */
export function withRequestId(body: ErrorBody, request_id: string): ErrorBody {
  return { ...body, request_id };
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
    request_id: {
      type: 'string',
      description:
        'the id of the request, the same as its `X-Request-Id` response header: quote it to support',
      examples: ['req_6f1c2d0e9a8b4c7d8e9f0a1b2c3d4e5f'],
    },
  },
  required: ['error', 'message'],
  additionalProperties: false,
} as const;
