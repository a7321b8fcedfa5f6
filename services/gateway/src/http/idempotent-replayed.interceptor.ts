import {
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { observeReplays } from '@platform/messaging';
import type { FastifyReply } from 'fastify';
import { Observable, tap } from 'rxjs';

export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/**
 * `Idempotent-Replayed: true` on an answer a service took from the stored result of an earlier
 * request with the same idempotency key (its bus reply says `replayed`); absent otherwise. One
 * place for every route: the services' idempotency helpers mark their replays.
 */
@Injectable()
export class IdempotentReplayedInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    return new Observable((subscriber) => {
      const observed = observeReplays(() =>
        next
          .handle()
          .pipe(
            tap(() => {
              if (observed.replayed()) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
            }),
          )
          .subscribe(subscriber),
      );
      return observed.result;
    });
  }
}
