import http from 'node:http';
import type { FuzzRequest } from './requests';

/** What came back: enough to judge it and to show it. */
export interface FuzzAnswer {
  status: number;
  content_type: string;
  text: string;
}

/** A hang is a failure too; the bound is far above any answer the platform gives. */
const NO_ANSWER_AFTER_MS = 60_000;
/** A body is read up to this size: above the request body limit, so an echo fits. */
const MAX_READ_BYTES = 4 * 1024 * 1024;

// A connection per request: the server closes a connection after some refusals (431, a
// malformed request), and a reused socket would then fail the next request, not the platform.
const agent = new http.Agent({ keepAlive: false });

/**
 * Sends a request with node:http rather than fetch: a hostile client may send a body with GET,
 * any byte in a header and an unencoded path, and never follows a redirect. A stream (SSE) is
 * judged by its status and headers, then closed.
 */
export function send(base_url: string, request: FuzzRequest): Promise<FuzzAnswer> {
  const url = new URL(base_url);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.target,
        headers: {
          ...request.headers,
          ...(request.body === undefined
            ? {}
            : { 'content-length': String(Buffer.byteLength(request.body)) }),
        },
        timeout: NO_ANSWER_AFTER_MS,
      },
      (response) => {
        const content_type = String(response.headers['content-type'] ?? '');
        const answer = (text: string) =>
          resolve({ status: response.statusCode ?? 0, content_type, text });
        if (content_type.startsWith('text/event-stream')) {
          response.destroy();
          answer('');
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_READ_BYTES) chunks.push(chunk);
        });
        response.on('end', () => answer(Buffer.concat(chunks).toString('utf8')));
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('no answer')));
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/** Closes the client's sockets. */
export function closeFuzzClient(): void {
  agent.destroy();
}

/** The one error body of the API: exactly `{error, message, request_id}` strings as JSON. */
export function isErrorBody(answer: FuzzAnswer): boolean {
  if (!/^application\/json\b/.test(answer.content_type)) return false;
  try {
    const body = JSON.parse(answer.text) as Record<string, unknown>;
    const keys = Object.keys(body).sort();
    return (
      keys.length === 3 &&
      keys[0] === 'error' &&
      keys[1] === 'message' &&
      keys[2] === 'request_id' &&
      typeof body.error === 'string' &&
      typeof body.message === 'string' &&
      typeof body.request_id === 'string'
    );
  } catch {
    return false;
  }
}

/** Why an answer breaks the rules of D12 and spec §7, or null when it keeps them. */
export function violationOf(answer: FuzzAnswer): string | null {
  if (answer.status >= 500) return `answered ${answer.status}`;
  if (answer.status >= 400 && !isErrorBody(answer)) {
    return `answered ${answer.status} without the {error, message} JSON body`;
  }
  return null;
}
