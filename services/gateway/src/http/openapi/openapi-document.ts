import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { FILTER_DATE_MAX, FILTER_DATE_MIN } from '@platform/contracts';
import { MAX_INPUT_INTEGER_DIGITS } from '@platform/money';
import { ERROR_BODY_JSON_SCHEMA } from '../errors/error-body';
import { MULTIPART_BODY_EXTENSION } from '../validation/api-zod-body.decorator';
import { API_VERSION, type GatewayOptions } from '../gateway-options';
import { API_KEY_SECURITY_SCHEME, BEARER_SECURITY_SCHEME } from './api-credentials.decorator';
import { hoistSchemaDefinitions } from './component-schemas';
import {
  DECIMAL_STRING_SCHEMA,
  DECIMAL_STRING_SCHEMA_NAME,
  referenceDecimalStrings,
} from './decimal-string';
import { addErrorResponses, defaultErrorResponse } from './error-responses';
import { documentConventionHeaders } from './convention-headers';
import { convertOpenApi30To31 } from './openapi-3-1';
import { describedTags } from './openapi-tags';
import { addOperationExamples, sampleSchema } from './schema-example';

export const ERROR_BODY_SCHEMA_NAME = 'ErrorBody';

/** The OpenAPI 3.1 document of every controller mounted in the app. */
export function buildOpenApiDocument(
  app: INestApplication,
  options: GatewayOptions,
): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Multi-Currency Payments Platform API')
    .setDescription(
      'Payouts, payins, transfers, crypto and compliance over one API. Errors always answer `{error, message, request_id}` (`request_id` is the `X-Request-Id` header); ' +
        'every response carries `Service-Environment: test|live`. Input rules of every route: an amount is a ' +
        `decimal string of at most ${MAX_INPUT_INTEGER_DIGITS} integer digits (400 \`invalid_amount\` beyond); ` +
        'text holding a NUL character or an unpaired surrogate answers 400 `invalid_request`; date filters ' +
        `run from ${FILTER_DATE_MIN} to ${FILTER_DATE_MAX} (400 \`invalid_range\` for an impossible date). ` +
        'An account the platform operator blocked (`GET /v1/me` shows `status: blocked`) may still read, ' +
        'refresh and sign out with its sessions and API keys; any other request answers 403 `account_blocked` ' +
        'and changes nothing.',
    )
    .setVersion(API_VERSION)
    .setLicense('Apache-2.0', 'https://www.apache.org/licenses/LICENSE-2.0')
    .addServer(options.public_base_url, serverDescription(options))
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', description: 'session JWT or API key' },
      BEARER_SECURITY_SCHEME,
    )
    .addApiKey(
      { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'API key `pk_...`' },
      API_KEY_SECURITY_SCHEME,
    )
    .build();
  const document = SwaggerModule.createDocument(app, config);
  placeMultipartBodies(document);
  const converted = convertOpenApi30To31(document);
  hoistSchemaDefinitions(converted);
  converted.components = {
    ...converted.components,
    schemas: {
      ...converted.components?.schemas,
      [ERROR_BODY_SCHEMA_NAME]: ERROR_BODY_JSON_SCHEMA as any,
      [DECIMAL_STRING_SCHEMA_NAME]: DECIMAL_STRING_SCHEMA as any,
    },
  };
  completeOperations(converted);
  documentConventionHeaders(converted);
  return converted;
}

/**
 * What every operation states beyond its route's decorators: public routes say so (`security:
 * []`), amounts reference `DecimalString`, each error status lists its codes, success answers and
 * bodies carry an example, and every tag has its description.
 */
function completeOperations(document: OpenAPIObject): void {
  markPublicOperations(document);
  typeParameters(document);
  referenceDecimalStrings(document);
  const error_example = sampleSchema(ERROR_BODY_JSON_SCHEMA, document) as Record<string, unknown>;
  addErrorResponses(document, error_example);
  addDefaultErrorResponses(document, error_example);
  addOperationExamples(document);
  document.tags = describedTags(document);
  // No contact to give: an empty one from the builder would only be noise.
  if (Object.keys(document.info.contact ?? {}).length === 0) delete document.info.contact;
}

/** A route without credentials (sign-in, public pages, probes) states that it needs none. */
function markPublicOperations(document: OpenAPIObject): void {
  for (const operation of operationsOf(document)) operation.security ??= [];
}

/** A parameter documented without a type is text on the wire (a query or path value). */
function typeParameters(document: OpenAPIObject): void {
  for (const operation of operationsOf(document))
    for (const parameter of (operation.parameters ?? []) as Record<string, any>[]) {
      const schema = parameter.schema ?? {};
      if (!schema.type && !schema.enum && !schema.$ref && !schema.anyOf)
        parameter.schema = { ...schema, type: 'string' };
    }
}

function operationsOf(document: OpenAPIObject): Record<string, any>[] {
  return Object.values(document.paths).flatMap((path_item) =>
    Object.values(path_item as Record<string, any>).filter(
      (operation) =>
        typeof operation === 'object' && operation !== null && 'responses' in operation,
    ),
  );
}

function serverDescription(options: GatewayOptions): string {
  switch (options.environment) {
    case 'test':
      return 'sandbox (test environment, simulated funds)';
    case 'live':
      return 'live (real funds)';
    default: {
      const never: never = options.environment;
      return never;
    }
  }
}

/** A route that also takes `multipart/form-data` (`ApiMultipartBody`) documents it beside JSON. */
function placeMultipartBodies(document: OpenAPIObject): void {
  for (const path_item of Object.values(document.paths)) {
    for (const operation of Object.values(path_item as Record<string, any>)) {
      if (typeof operation !== 'object' || operation === null) continue;
      const schema = operation[MULTIPART_BODY_EXTENSION];
      if (schema === undefined) continue;
      delete operation[MULTIPART_BODY_EXTENSION];
      operation.requestBody ??= { required: true, content: {} };
      operation.requestBody.content = {
        ...operation.requestBody.content,
        'multipart/form-data': { schema },
      };
    }
  }
}

// Any operation can also fail with a 5xx; the body is the same, for client generators.
function addDefaultErrorResponses(
  document: OpenAPIObject,
  error_example: Record<string, unknown>,
): void {
  for (const operation of operationsOf(document))
    operation.responses.default ??= defaultErrorResponse(error_example);
}
