import { DomainError, type Environment } from '@platform/contracts';

/** Spec §8: an environment handoff token is single use and lives 60 seconds. */
export const HANDOFF_TOKEN_TTL_MS = 60 * 1000;

/** Only live issues handoff tokens (spec §4); the test environment has nowhere to hand off to. */
export function assertIssuesHandoffs(environment: Environment): void {
  if (environment !== 'live')
    throw new DomainError(
      'not_found',
      'environment handoff tokens are issued by the live environment only',
    );
}

/** Only test redeems them: a token presented anywhere else is `invalid_handoff`. */
export function assertRedeemsHandoffs(environment: Environment): void {
  if (environment !== 'test')
    throw new DomainError(
      'invalid_handoff',
      'handoff tokens are exchanged in the test environment only',
    );
}

export function invalidHandoff(): DomainError {
  return new DomainError('invalid_handoff', 'the handoff token is not valid or has expired');
}
