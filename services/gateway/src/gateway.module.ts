import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import type { Logger } from 'pino';
import { GATEWAY_SETTINGS, type GatewaySettings } from './gateway.settings';
import { GatewayExceptionFilter } from './http/errors/gateway-exception.filter';
import { GATEWAY_LOGGER, GATEWAY_OPTIONS, type GatewayOptions } from './http/gateway-options';
import { HealthController } from './http/health/health.controller';
import { IdempotentReplayedInterceptor } from './http/idempotent-replayed.interceptor';
import { ReadinessRegistry } from './http/health/readiness-registry';
import { OpenApiController } from './http/openapi/openapi.controller';
import { OpenApiDocumentStore } from './http/openapi/openapi-document.store';

export interface GatewayModuleOptions extends GatewayOptions {
  settings: GatewaySettings;
  logger: Logger;
  imports?: any[];
}

/**
 * The HTTP shell: health, readiness, the OpenAPI document and the one exception filter.
 * Global, so the modules mounted through `imports` can inject the options, the settings, the
 * logger and the readiness registry.
 */
@Module({})
export class GatewayModule {
  static forRoot(options: GatewayModuleOptions): DynamicModule {
    const { settings, logger, imports = [], ...gateway_options } = options;
    return {
      module: GatewayModule,
      global: true,
      imports,
      controllers: [HealthController, OpenApiController],
      providers: [
        { provide: GATEWAY_OPTIONS, useValue: gateway_options },
        { provide: GATEWAY_SETTINGS, useValue: settings },
        { provide: GATEWAY_LOGGER, useValue: logger },
        { provide: APP_FILTER, useClass: GatewayExceptionFilter },
        { provide: APP_INTERCEPTOR, useClass: IdempotentReplayedInterceptor },
        ReadinessRegistry,
        OpenApiDocumentStore,
      ],
      exports: [GATEWAY_OPTIONS, GATEWAY_SETTINGS, GATEWAY_LOGGER, ReadinessRegistry],
    };
  }
}
