import { createHash, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { DomainError } from '@platform/contracts';
import { PLATFORM_CONTEXT, type PlatformContext } from '@platform/runtime';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * The platform operator's credential: `Authorization: Bearer <OPERATOR_TOKEN>`. Without a
 * configured token the admin surface is closed to everyone.
 */
@Injectable()
export class OperatorGuard implements CanActivate {
  constructor(@Inject(PLATFORM_CONTEXT) private readonly context: PlatformContext) {}

  canActivate(execution: ExecutionContext): boolean {
    const expected = this.context.settings.OPERATOR_TOKEN;
    const header =
      execution.switchToHttp().getRequest<{ headers: Record<string, string | undefined> }>().headers
        .authorization ?? '';
    const presented = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!expected || !presented || !timingSafeEqual(digest(expected), digest(presented))) {
      throw new DomainError('unauthorized', 'operator credential required');
    }
    return true;
  }
}
