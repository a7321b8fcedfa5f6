import { personOf, type Principal } from '../../auth/principal';

/** How the routes declared `@RequireCredentialLevel('human_session')` describe the rule. */
export const HUMAN_SESSION_2FA_NOTE =
  'Needs a session with 2FA: one signed in with a passkey or through an OTP ' +
  'login, or one in which the member has verified an OTP challenge (`POST /v1/otp/challenges`, ' +
  'any action, then `/verify`; the session keeps 2FA until it ends). Other sessions get 403 ' +
  '`human_session_required`.';

/** The member and session behind a person's request; an API key is `session_required`. */
export function actingMemberOf(principal: Principal): {
  account_id: string;
  member_id: string;
  session_id: string;
} {
  const { account_id, member_id, session_id } = personOf(principal);
  return { account_id, member_id, session_id };
}
