import { DomainError } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';

// application/json and structured-syntax JSON types (application/merge-patch+json, ...).
const JSON_MEDIA_TYPE = /^application\/(?:[\w.-]+\+)?json$/;

/**
 * The API reads JSON only: every other body answers 415 unsupported_media_type. Parse
 * failures, empty bodies and prototype-poisoning keys answer 400 invalid_json.
 */
export function useJsonBodiesOnly(fastify: FastifyInstance): void {
  fastify.removeAllContentTypeParsers();
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.addContentTypeParser(JSON_MEDIA_TYPE, { parseAs: 'string' }, (request, body, done) => {
    // An unknown route answers 404 whatever its body holds.
    if (request.is404) return done(null, undefined);
    void parseJson(
      request,
      typeof body === 'string' ? body : body.toString('utf8'),
      (error, value) => {
        if (error)
          done(new DomainError('invalid_json', 'request body is not valid JSON'), undefined);
        else done(null, value);
      },
    );
  });
}
