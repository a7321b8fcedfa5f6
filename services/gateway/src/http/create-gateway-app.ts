import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  AVATAR_MAX_BYTES,
  DISPUTE_EVIDENCE_MAX_FILES,
  DomainError,
  EVIDENCE_FILE_MAX_BYTES,
  RISK_BATCH_CSV_MAX_BYTES,
} from '@platform/contracts';
import { createLogger } from '@platform/observability';
import { installLeanAsyncBind } from '@platform/runtime';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { GatewayModule } from '../gateway.module';
import { rateLimitOf } from '../gateway.settings';
import { useBoundedClose } from './bounded-close';
import { clientErrorHandler } from './errors/client-error';
import { withRequestId } from './errors/error-body';
import { exceptionToError } from './errors/exception-to-error';
import {
  API_VERSION,
  DEFAULT_BODY_LIMIT_BYTES,
  type GatewayAppOptions,
  type GatewayOptions,
} from './gateway-options';
import { useJsonBodiesOnly } from './json-body-parser';
import { useMultipartUploads } from './multipart/multipart-upload';
import { useRawUploads } from './raw-uploads';
import { buildOpenApiDocument } from './openapi/openapi-document';
import { OpenApiDocumentStore } from './openapi/openapi-document.store';
import { InMemoryRateLimitStore } from './rate-limit/in-memory-rate-limit-store';
import { rateLimitHook } from './rate-limit/rate-limit.hook';
import { requestIdOf } from './request-id';
import { useRequestMetrics } from './request-metrics.hook';
import { useRequestTracing } from './request-tracing.hook';
import { setStandardHeaders, standardHeadersHook } from './standard-headers.hook';
import { refuseUnsafeText } from './validation/text-input.hook';

// Orchestrator probes every few seconds would drown the access log.
function isProbe(request: { url?: string }): boolean {
  const path = request.url?.split('?', 1)[0];
  return path === '/healthz' || path === '/readyz';
}

/**
 * The gateway's Nest application on Fastify, not yet initialized nor listening: the caller adds
 * what it needs (the bus, global guards) and calls `listen` (or `init`).
 */
export async function createGatewayApp(
  options: GatewayAppOptions,
): Promise<NestFastifyApplication> {
  // Nest binds a function for each interceptor call, Fastify for each body: see the function.
  installLeanAsyncBind();
  const logger =
    options.logger ?? createLogger({ service: 'gateway', environment: options.environment });
  const gateway_options: GatewayOptions = {
    environment: options.environment,
    version: options.version ?? API_VERSION,
    public_base_url: options.public_base_url ?? '/',
  };
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    logController: new LogController({ disableRequestLogging: isProbe }),
    bodyLimit: options.body_limit_bytes ?? DEFAULT_BODY_LIMIT_BYTES,
    genReqId: requestIdOf,
    trustProxy: options.trust_proxy ?? false,
    clientErrorHandler: clientErrorHandler(options.environment),
    // A request Fastify cannot even route (a malformed URL) never reaches Nest's handlers.
    frameworkErrors: (error: Error, request: FastifyRequest, reply: FastifyReply) => {
      setStandardHeaders(reply, gateway_options.environment, request.id);
      const mapped = exceptionToError(new DomainError('invalid_request', 'malformed request URL'));
      request.log.debug({ err: error }, 'request refused before routing');
      void reply.code(mapped.status).send(withRequestId(mapped.body, request.id));
    },
  });
  const fastify = adapter.getInstance();
  useBoundedClose(fastify);
  useRequestTracing(fastify);
  useRequestMetrics(fastify, gateway_options.environment);
  fastify.addHook('onRequest', standardHeadersHook(gateway_options.environment));
  const rate_limit = options.rate_limit ?? rateLimitOf(options.settings);
  if (rate_limit !== false) {
    const store = options.rate_limit_store ?? new InMemoryRateLimitStore();
    fastify.addHook('onRequest', rateLimitHook(store, rate_limit));
  }
  useJsonBodiesOnly(fastify);
  // Evidence files (decisions D8): one a review upload, up to five with a dispute's evidence.
  useMultipartUploads(fastify, {
    routes: {
      '/v1/reviews/:id/files': EVIDENCE_FILE_MAX_BYTES,
      '/v1/disputes/:id/evidence': EVIDENCE_FILE_MAX_BYTES * DISPUTE_EVIDENCE_MAX_FILES,
      // Credit-scoring batches (issue 16): a CSV of up to 5,000 subjects.
      '/v1/qscore/batches': RISK_BATCH_CSV_MAX_BYTES,
    },
    too_large_code: 'file_too_large',
  });
  // Avatars (issue 18): the image is the body, its type is its Content-Type.
  useRawUploads(fastify, {
    routes: { '/v1/me/avatar': AVATAR_MAX_BYTES },
    too_large_code: 'invalid_image',
  });
  refuseUnsafeText(fastify);

  const module = GatewayModule.forRoot({
    ...gateway_options,
    settings: options.settings,
    logger,
    imports: options.imports ?? [],
  });
  const app = await NestFactory.create<NestFastifyApplication>(module, adapter, {
    bodyParser: false, // the JSON-only parser above replaces Nest's
    abortOnError: false,
    logger: ['error', 'warn'],
  });
  app.get(OpenApiDocumentStore).setBuilder(() => buildOpenApiDocument(app, gateway_options));
  return app;
}
