import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { Environment, ErrorCode } from '@platform/contracts';
import { httpStatusOf, withRequestId, type ErrorBody } from './error-body';
import { newRequestId } from '../request-id';
import { REQUEST_ID_RESPONSE_HEADER, SERVICE_ENVIRONMENT_HEADER } from '../standard-headers.hook';

/** Node's HTTP parser codes of a request refused before any route runs, by our answer. */
function answerOf(code: string | undefined): ErrorBody {
  const answer = (error: ErrorCode, message: string): ErrorBody => ({ error, message });
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return answer('headers_too_large', 'the request headers are too large');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return answer('request_timeout', 'the request did not arrive in time');
    default:
      return answer('invalid_request', 'malformed HTTP request');
  }
}

/**
 * Fastify's `clientErrorHandler`: a request the HTTP parser refuses (headers over the size limit,
 * broken syntax, a timeout) still answers the one error body, then the connection closes.
 */
export function clientErrorHandler(environment: Environment) {
  return (error: NodeJS.ErrnoException, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    // The parser refused the request before it had an id: this answer gets a fresh one.
    const request_id = newRequestId();
    const body = answerOf(error.code);
    const text = JSON.stringify(withRequestId(body, request_id));
    const status = httpStatusOf(body.error);
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
        'Connection: close\r\n' +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(text)}\r\n` +
        `${SERVICE_ENVIRONMENT_HEADER}: ${environment}\r\n` +
        `${REQUEST_ID_RESPONSE_HEADER}: ${request_id}\r\n\r\n${text}`,
    );
  };
}
