import { createHash, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { DomainError } from '@platform/contracts';
import { GATEWAY_SETTINGS, type GatewaySettings } from '../gateway.settings';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * The platform operator's credential: `Authorization: Bearer <OPERATOR_TOKEN>`. Without a
 * configured token the admin surface is closed to everyone.
 */
@Injectable()
export class OperatorGuard implements CanActivate {
  /** The refusal's message: what the caller must present. */
  protected readonly refusal: string = 'operator credential required';

  constructor(@Inject(GATEWAY_SETTINGS) private readonly settings: GatewaySettings) {}

  canActivate(execution: ExecutionContext): boolean {
    const expected = this.settings.OPERATOR_TOKEN;
    const header =
      execution.switchToHttp().getRequest<{ headers: Record<string, string | undefined> }>().headers
        .authorization ?? '';
    const presented = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!expected || !presented || !timingSafeEqual(digest(expected), digest(presented))) {
      throw new DomainError('unauthorized', this.refusal);
    }
    return true;
  }
}

/** `/metrics` is scraped with the operator token; its refusal says so. */
@Injectable()
export class MetricsGuard extends OperatorGuard {
  protected override readonly refusal =
    'the metrics need the operator token: Authorization: Bearer <operator token>';
}
