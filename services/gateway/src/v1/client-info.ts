import type { ClientInfo } from '@platform/contracts';

/** The caller's address and user agent, recorded with security events. */
export function clientInfoOf(request: {
  ip?: string;
  headers: Record<string, string | string[] | undefined>;
}): ClientInfo {
  const user_agent = request.headers['user-agent'];
  return {
    ip: request.ip ?? null,
    user_agent: typeof user_agent === 'string' ? user_agent.slice(0, 512) : null,
  };
}
