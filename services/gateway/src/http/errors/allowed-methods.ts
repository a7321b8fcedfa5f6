import type { FastifyInstance } from 'fastify';

const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** The methods the router serves for a concrete path; empty when the path is unknown. */
export function allowedMethodsFor(fastify: FastifyInstance, url: string): string[] {
  const path = url.split('?', 1)[0] ?? url;
  return HTTP_METHODS.filter((method) => fastify.findRoute({ method, url: path }) !== null);
}
