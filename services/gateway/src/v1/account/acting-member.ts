import { DomainError } from '@platform/contracts';
import type { Principal } from '../../auth/principal';

/** How the routes declared `@RequireCredentialLevel('person_session')` describe the rule. */
export const PERSON_SESSION_NOTE =
  'Needs a signed-in person: API keys get 403 `human_session_required`.';

/** How the routes declared `@RequireCredentialLevel('human_session')` describe the rule. */
export const HUMAN_SESSION_2FA_NOTE =
  'Needs a session with 2FA (spec §5 rule 9): one signed in with a passkey or through an OTP ' +
  'login, or one in which the member has verified an OTP challenge (`POST /v1/otp/challenges`, ' +
  'any action, then `/verify`; the session keeps 2FA until it ends). Other sessions and API ' +
  'keys get 403 `human_session_required`.';

/**
 * The member and session behind a person's request. Routes using it declare
 * `@RequireCredentialLevel('person_session')` or `'human_session'`, so the guard has already refused API keys; this
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
