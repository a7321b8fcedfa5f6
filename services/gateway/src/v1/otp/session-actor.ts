import { DomainError, type OtpSessionActor } from '@platform/contracts';
import type { Principal } from '../../auth/principal';

/** The person behind a user session; an API key is refused with `session_required` (spec §7). */
export function sessionActorOf(principal: Principal): OtpSessionActor {
  if (principal.kind !== 'session')
    throw new DomainError('session_required', 'this needs a user session, not an API key');
  return {
    account_id: principal.account_id,
    member_id: principal.member_id,
    org_id: principal.org_id,
    session_id: principal.session_id,
  };
}
