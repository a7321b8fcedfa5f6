import {
  type CallHandler,
  type ExecutionContext,
  Inject,
  Injectable,
  type NestInterceptor,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { finalize, type Observable } from 'rxjs';
import type { NotifiedCache } from '@platform/persistence';
import { IDENTITY_READS } from '../infrastructure/identity-reads';

const CHANGES_NOTHING = Symbol('identity:changes-nothing');

/**
 * Marks a handler that writes no row `IDENTITY_READS` keeps answers of: the answers stay. Any
 * other handler may have changed one, so they are forgotten.
 */
export const ChangesNothing = (): MethodDecorator => SetMetadata(CHANGES_NOTHING, true);

/**
 * Forgets the answers `IDENTITY_READS` keeps once a handler that may have changed their rows is
 * done, before its reply leaves: the database tells every process of the change, but only after
 * the commit, and a client that revoked a session must not pass with it on its next request. A
 * refused command is treated alike, as it may have written before it was refused.
 */
@Injectable()
export class ForgetReadsAfterChanges implements NestInterceptor {
  constructor(
    @Inject(IDENTITY_READS) private readonly reads: NotifiedCache,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (this.reflector.get<boolean>(CHANGES_NOTHING, context.getHandler())) return next.handle();
    // Runs as the reply completes or fails, before the bus sends it on (a promise continuation).
    return next.handle().pipe(finalize(() => this.reads.forgetAll()));
  }
}
