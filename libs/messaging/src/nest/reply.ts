import { DomainError, isErrorCode, type ErrorCode, type Reply } from '@platform/contracts';

export interface ErrorReply {
  /** internal: an unexpected failure, worth logging where it happened. */
  kind: 'typed' | 'internal';
  reply: Reply<never>;
}

/**
 * The reply for a thrown error: a DomainError (or an RpcException carrying `{error, message}` with
 * a catalog code) keeps its code; anything else is an internal error whose details stay here.
 */
export function replyForError(error: unknown): ErrorReply {
  if (error instanceof DomainError) return typed(error.code, error.message);
  if (isTypedErrorShape(error)) return typed(error.error, error.message);
  return {
    kind: 'internal',
    reply: { ok: false, error: 'internal_error', message: 'internal error' },
  };
}

function typed(code: ErrorCode, message: string): ErrorReply {
  return { kind: 'typed', reply: { ok: false, error: code, message } };
}

function isTypedErrorShape(error: unknown): error is { error: ErrorCode; message: string } {
  if (typeof error !== 'object' || error === null) return false;
  const candidate = error as { error?: unknown; message?: unknown };
  return isErrorCode(candidate.error) && typeof candidate.message === 'string';
}
