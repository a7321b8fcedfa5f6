import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC_ROUTE = 'platform:public-route';

/**
 * Marks a /v1 route that takes no credential (register, login, refresh...). Every other /v1
 * route needs a session JWT or an API key; routes outside /v1 keep their own guards.
 */
export const Public = (): ClassDecorator & MethodDecorator => SetMetadata(IS_PUBLIC_ROUTE, true);
