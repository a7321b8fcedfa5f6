import { Catch, type RpcExceptionFilter } from '@nestjs/common';
import { throwError, type Observable } from 'rxjs';

/**
 * Nest's default RPC filter turns every error that is not an RpcException into "Internal server
 * error", losing a DomainError's code. This filter hands the error to BusServer unchanged, which
 * answers a DomainError with its code. Register it on each microservice:
 * `app.useGlobalFilters(new BusExceptionFilter())`, or as an APP_FILTER provider.
 */
@Catch()
export class BusExceptionFilter implements RpcExceptionFilter<unknown> {
  catch(exception: unknown): Observable<never> {
    return throwError(() => exception);
  }
}
