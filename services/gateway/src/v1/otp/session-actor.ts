import type { OtpSessionActor } from '@platform/contracts';
import { personOf, type Principal } from '../../auth/principal';

/** The person behind a user session; an API key is refused with `session_required` (spec §7). */
export function sessionActorOf(principal: Principal): OtpSessionActor {
  const { account_id, member_id, org_id, session_id } = personOf(principal);
  return { account_id, member_id, org_id, session_id };
}
