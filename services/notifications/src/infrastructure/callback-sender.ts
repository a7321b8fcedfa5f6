import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import { Agent, request } from 'undici';
import { DomainError } from '@platform/contracts';
import { isPublicAddress, validateCallbackUrl, type CallbackPolicy } from '../domain/callback-url';

/** `dns.lookup` with `all: true`; replaceable so a test can play a rebinding DNS server. */
export type Resolver = (
  hostname: string,
  options: LookupOptions & { all: true },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const systemResolver: Resolver = (hostname, options, callback) =>
  dns.lookup(hostname, options, callback);

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** Raised by the connect-time filter; the delivery log shows it as `callback_refused`. */
export class CallbackRefusedError extends Error {
  readonly code = 'ECALLBACKREFUSED';
  constructor(host: string) {
    super(`no public address for ${host}`);
    this.name = 'CallbackRefusedError';
  }
}

/**
 * A DNS lookup that drops every address a webhook may not reach. It runs for each connection,
 * so a name that resolved publicly at registration and now resolves to 127.0.0.1 (DNS
 * rebinding) is refused at connect time.
 */
export function filteringLookup(policy: CallbackPolicy, resolve: Resolver = systemResolver) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const allowed = addresses.filter((entry) => isPublicAddress(entry.address, policy));
      if (allowed.length === 0) return callback(new CallbackRefusedError(hostname), []);
      if (options.all) return callback(null, allowed);
      const first = allowed[0] as LookupAddress;
      return callback(null, first.address, first.family);
    });
  };
}

/** Resolves a name now (registration) and says whether any address it gives is forbidden. */
export async function resolvesToForbiddenAddress(
  hostname: string,
  policy: CallbackPolicy,
  timeout_ms: number,
): Promise<boolean> {
  const lookup = dns.promises.lookup(hostname, { all: true }).then(
    (addresses) => addresses.some((entry) => !isPublicAddress(entry.address, policy)),
    // A name that does not resolve now may later; the connect-time filter decides then.
    () => false,
  );
  const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), timeout_ms));
  return Promise.race([lookup, timeout]);
}

export interface CallbackResponse {
  status: number | null;
  failure: string | null;
  duration_ms: number;
}

/**
 * POSTs one webhook. Redirects are not followed (a 3xx is a failed attempt), the whole attempt
 * is bounded by `timeout_ms`, and the connection only reaches addresses the policy allows.
 */
export class CallbackSender {
  private readonly agent: Agent;

  constructor(
    private readonly policy: CallbackPolicy,
    private readonly timeout_ms: number,
    resolve: Resolver = systemResolver,
  ) {
    this.agent = new Agent({
      connect: { lookup: filteringLookup(policy, resolve), timeout: timeout_ms },
      headersTimeout: timeout_ms,
      bodyTimeout: timeout_ms,
    });
  }

  async post(
    url: string,
    headers: Record<string, string>,
    body: Buffer,
  ): Promise<CallbackResponse> {
    const started_ms = performance.now();
    const took = () => Math.round(performance.now() - started_ms);
    try {
      // The URL is checked again, and called as normalized: an IP literal never goes through the
      // lookup, and a name is resolved in the form registration checked.
      const target = validateCallbackUrl(url, this.policy);
      const response = await request(target.toString(), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
        dispatcher: this.agent,
        signal: AbortSignal.timeout(this.timeout_ms),
      });
      // Read and drop the answer so the connection can be reused.
      await response.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
      return { status: response.statusCode, failure: null, duration_ms: took() };
    } catch (error) {
      return { status: null, failure: failureOf(error), duration_ms: took() };
    }
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

/** A short, provider-free reason for the delivery log. */
function failureOf(error: unknown): string {
  if (error instanceof DomainError || error instanceof CallbackRefusedError)
    return 'callback_refused';
  const code = (error as { code?: unknown; name?: unknown }).code;
  const name = (error as { name?: unknown }).name;
  if (name === 'TimeoutError' || name === 'AbortError' || String(code).includes('TIMEOUT')) {
    return 'timeout';
  }
  if (String(code) === 'ECALLBACKREFUSED') return 'callback_refused';
  if (code === 'ECONNREFUSED') return 'connection_refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'dns_failure';
  return 'connection_failed';
}
