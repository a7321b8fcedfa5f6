import { DomainError } from '@platform/contracts';
import type { AuthenticatedPrincipal } from './principal';

/** Reads change nothing: a blocked account may still see its data and money. */
const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Besides reading, a blocked account may end its own sessions (refresh is a public route). */
const SIGN_OUT_ROUTES: ReadonlyArray<{ method: string; path: RegExp }> = [
  { method: 'DELETE', path: /^\/v1\/me\/sessions\/[^/]+$/ },
  { method: 'POST', path: /^\/v1\/me\/sessions\/revoke-all$/ },
];

/**
 * The one place a blocked account is refused (spec §7 `account_blocked`): every authenticated
 * `/v1` request of its sessions and API keys that is neither a read nor a sign-out. Organization
 * admins hold no account: never refused here. `url` may carry a query string.
 */
export function blockedAccountRefusal(
  method: string,
  url: string,
  principal: AuthenticatedPrincipal,
): DomainError | null {
  switch (principal.kind) {
    case 'org_admin':
      return null;
    case 'session':
    case 'api_key':
      break;
    default: {
      const unhandled: never = principal;
      throw new Error(`unknown principal ${JSON.stringify(unhandled)}`);
    }
  }
  if (principal.account_status !== 'blocked') return null;
  const verb = method.toUpperCase();
  if (READ_METHODS.has(verb)) return null;
  const path = url.split('?', 1)[0] ?? '';
  if (SIGN_OUT_ROUTES.some((route) => route.method === verb && route.path.test(path))) return null;
  return new DomainError(
    'account_blocked',
    'the account is blocked: it may read and sign out, nothing else',
  );
}
