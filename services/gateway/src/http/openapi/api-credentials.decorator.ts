import { applyDecorators } from '@nestjs/common';
import { ApiBearerAuth, ApiSecurity } from '@nestjs/swagger';

export const BEARER_SECURITY_SCHEME = 'bearer';
export const API_KEY_SECURITY_SCHEME = 'api_key';

/** Documents that a route takes `Authorization: Bearer` or, alternatively, `X-API-Key`. */
export function ApiCredentials(): ClassDecorator & MethodDecorator {
  return applyDecorators(
    ApiBearerAuth(BEARER_SECURITY_SCHEME),
    ApiSecurity(API_KEY_SECURITY_SCHEME),
  );
}
