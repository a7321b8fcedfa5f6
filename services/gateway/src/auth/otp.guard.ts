import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError, OTP_COMMANDS, OTP_TOKEN_HEADER } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { REQUIRED_OTP_ACTION } from './access.decorators';
import { PRINCIPAL_PROPERTY, type Principal } from './principal';

function otpTokenOf(headers: Record<string, unknown>): string | null {
  const value = headers[OTP_TOKEN_HEADER];
  const token = Array.isArray(value) ? (value[0] as unknown) : value;
  return typeof token === 'string' && token.length > 0 ? token : null;
}

/**
 * Spec §5 rule 6: a route declared `@RequireOtp(action)` asks a user session for `X-OTP-Token`
 * when its organization's policy requires that action (the policy comes with the session check).
 * Identity decides again and spends the token in one command (`otp_required` when absent, `otp_invalid` when bad, used or expired); a
 * failure of that command blocks the route, so OTP is never skipped. API keys are exempt.
 * Registered after the credential guard, which has set the principal by then.
 */
@Injectable()
export class OtpGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly bus: BusClient,
  ) {}

  async canActivate(execution: ExecutionContext): Promise<boolean> {
    if (execution.getType() !== 'http') return true;
    const action = this.reflector.getAllAndOverride<string | undefined>(REQUIRED_OTP_ACTION, [
      execution.getHandler(),
      execution.getClass(),
    ]);
    if (!action) return true;
    const request = execution.switchToHttp().getRequest<Record<string, unknown>>();
    const principal = request[PRINCIPAL_PROPERTY] as Principal | undefined;
    // No principal: a public route, or one outside /v1; API keys carry no person to challenge.
    if (principal?.kind !== 'session') return true;
    // The policy came with the session, read in this request: an action it does not name needs
    // no code, and identity is asked only to spend one.
    if (!(principal.otp_actions as readonly string[]).includes(action)) return true;
    try {
      await this.bus.send(OTP_COMMANDS.consume_otp_token, {
        actor: {
          account_id: principal.account_id,
          member_id: principal.member_id,
          org_id: principal.org_id,
        },
        action,
        otp_token: otpTokenOf(request.headers as Record<string, unknown>),
      });
    } catch (error) {
      // Identity's answer (otp_required, otp_invalid) stands; an outage keeps the action blocked
      // with the spec's retryable code rather than a generic failure.
      if (error instanceof DomainError) throw error;
      throw new DomainError('otp_unavailable', 'one-time codes cannot be checked now; retry later');
    }
    return true;
  }
}
