import { Catch, NotFoundException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { allowedMethodsFor } from './allowed-methods';
import { withRequestId } from './error-body';
import { exceptionToError, known, type MappedError } from './exception-to-error';

/**
 * The one place where a failure becomes an HTTP answer. Nest routes here what controllers,
 * guards and pipes throw, and also what Fastify raises before them (body parsing, hooks,
 * unknown routes), because Nest installs Fastify's error and not-found handlers.
 */
@Catch()
export class GatewayExceptionFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const mapped = isUnknownRoute(exception, request)
      ? this.unknownRoute(request, reply)
      : exceptionToError(exception);
    if (mapped.unexpected) {
      request.log.error(
        { err: exception, method: request.method, route: request.routeOptions.url },
        'unexpected error',
      );
    }
    if (reply.sent) return;
    // A route that answers HTML, a PDF or a file has set its own type: the error body is JSON.
    void reply
      .removeHeader('Content-Disposition')
      .type('application/json; charset=utf-8')
      .code(mapped.status)
      .send(withRequestId(mapped.body, request.id));
  }

  private unknownRoute(request: FastifyRequest, reply: FastifyReply): MappedError {
    const allowed = allowedMethodsFor(request.server, request.url);
    if (allowed.length === 0) return known('not_found', 'no such route');
    void reply.header('Allow', allowed.join(', '));
    return known('method_not_allowed', `method ${request.method} is not allowed here`);
  }
}

function isUnknownRoute(exception: unknown, request: FastifyRequest): boolean {
  return exception instanceof NotFoundException && request.is404;
}
