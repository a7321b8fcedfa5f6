import { DomainError, type KycStatus } from '@platform/contracts';
import type { IdentityPort } from './ports';

/** A command that collects money for an account, with the gateway's answer when it had one. */
interface GatedCommand {
  account_id: string;
  /** Identity's answer at the gateway's check of the request's credential (see the contracts). */
  kyc_status?: KycStatus | undefined;
}

/**
 * Spec §5 rule 11: every way of collecting money waits for an approved identity verification.
 * The gateway's answer is as fresh as identity's own (the session's is forgotten when its
 * account changes), so identity is asked only by a caller that checked no credential.
 * `doing` completes the refusal: "identity verification must be approved before {doing}".
 */
export async function requireVerified(
  identity: IdentityPort,
  command: GatedCommand,
  doing: string,
): Promise<void> {
  const kyc_status = command.kyc_status ?? (await identity.kycStatus(command.account_id));
  if (kyc_status !== 'approved')
    throw new DomainError(
      'verification_required',
      `identity verification must be approved before ${doing}`,
    );
}
