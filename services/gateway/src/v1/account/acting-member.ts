import { DomainError } from '@platform/contracts';
import type { Principal } from '../../auth/principal';

/**
 * The member and session behind a person's request. Routes using it declare
 * `@RequireCredentialLevel('human_session')`, so the guard has already refused API keys; this
 * narrows the type and refuses them the same way should a route forget.
 */
export function actingMemberOf(principal: Principal): {
  account_id: string;
  member_id: string;
  session_id: string;
} {
  switch (principal.kind) {
    case 'session':
      return {
        account_id: principal.account_id,
        member_id: principal.member_id,
        session_id: principal.session_id,
      };
    case 'api_key':
      throw new DomainError('human_session_required', 'this route needs a signed-in person');
    default: {
      const unhandled: never = principal;
      throw new Error(`unknown principal ${JSON.stringify(unhandled)}`);
    }
  }
}
