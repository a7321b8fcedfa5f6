import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { FILTER_DATE_MAX, FILTER_DATE_MIN } from '@platform/contracts';
import { MAX_INPUT_INTEGER_DIGITS } from '@platform/money';
import { ERROR_BODY_JSON_SCHEMA } from '../errors/error-body';
import { MULTIPART_BODY_EXTENSION } from '../validation/api-zod-body.decorator';
import { API_VERSION, type GatewayOptions } from '../gateway-options';
import { API_KEY_SECURITY_SCHEME, BEARER_SECURITY_SCHEME } from './api-credentials.decorator';
import { documentConventionHeaders } from './convention-headers';
import { convertOpenApi30To31 } from './openapi-3-1';

export const ERROR_BODY_SCHEMA_NAME = 'ErrorBody';
const ERROR_BODY_REF = `#/components/schemas/${ERROR_BODY_SCHEMA_NAME}`;

/** The OpenAPI 3.1 document of every controller mounted in the app. */
export function buildOpenApiDocument(
  app: INestApplication,
  options: GatewayOptions,
): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Multi-Currency Payments Platform API')
    .setDescription(
      'Payouts, payins, transfers, crypto and compliance over one API. Errors always answer `{error, message}`; ' +
        'every response carries `Service-Environment: test|live`. Input rules of every route: an amount is a ' +
        `decimal string of at most ${MAX_INPUT_INTEGER_DIGITS} integer digits (400 \`invalid_amount\` beyond); ` +
        'text holding a NUL character or an unpaired surrogate answers 400 `invalid_request`; date filters ' +
        `run from ${FILTER_DATE_MIN} to ${FILTER_DATE_MAX} (400 \`invalid_range\` for an impossible date). ` +
        'An account the platform operator blocked (`GET /v1/me` shows `status: blocked`) may still read, ' +
        'refresh and sign out with its sessions and API keys; any other request answers 403 `account_blocked` ' +
        'and changes nothing.',
    )
    .setVersion(API_VERSION)
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
  converted.components = {
    ...converted.components,
    schemas: {
      ...converted.components?.schemas,
      [ERROR_BODY_SCHEMA_NAME]: ERROR_BODY_JSON_SCHEMA as any,
    },
  };
  addDefaultErrorResponses(converted);
  documentConventionHeaders(converted);
  return converted;
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

// Any operation can fail with the error body; say so once per operation for client generators.
function addDefaultErrorResponses(document: OpenAPIObject): void {
  for (const path_item of Object.values(document.paths)) {
    for (const operation of Object.values(path_item as Record<string, any>)) {
      if (typeof operation !== 'object' || operation === null || !('responses' in operation))
        continue;
      operation.responses.default ??= {
        description: 'error',
        content: { 'application/json': { schema: { $ref: ERROR_BODY_REF } } },
      };
    }
  }
}
