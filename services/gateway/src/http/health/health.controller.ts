import { Controller, Get, Inject, Res } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { GATEWAY_OPTIONS, type GatewayOptions } from '../gateway-options';
import { ReadinessRegistry, type ReadinessState } from './readiness-registry';

export interface HealthBody {
  status: 'ok';
  livemode: boolean;
  version: string;
}

// A failed readiness answers the error shape too, so every non-2xx body has `error` and `message`.
export type ReadinessBody =
  | { status: 'ready'; checks: Record<string, ReadinessState> }
  | { error: 'not_ready'; message: string; checks: Record<string, ReadinessState> };

@ApiTags('health')
@Controller()
export class HealthController {
  constructor(
    @Inject(GATEWAY_OPTIONS) private readonly options: GatewayOptions,
    private readonly readiness: ReadinessRegistry,
  ) {}

  @Get('healthz')
  @ApiOperation({ summary: 'Liveness; `livemode` is true in the live environment. Public.' })
  @ApiOkResponse({
    schema: {
      type: 'object',
      properties: {
        status: { type: 'string', enum: ['ok'] },
        livemode: { type: 'boolean' },
        version: { type: 'string' },
      },
      required: ['status', 'livemode', 'version'],
    },
  })
  health(): HealthBody {
    return {
      status: 'ok',
      livemode: this.options.environment === 'live',
      version: this.options.version,
    };
  }

  @Get('readyz')
  @ApiOperation({ summary: 'Readiness: 200 when every registered check passes, else 503. Public.' })
  @ApiOkResponse({ description: 'ready' })
  @ApiServiceUnavailableResponse({ description: 'not ready' })
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<ReadinessBody> {
    const report = await this.readiness.run();
    if (report.ready) return { status: 'ready', checks: report.checks };
    reply.request.log.warn({ failures: report.failures }, 'readiness check failed');
    void reply.code(503);
    return { error: 'not_ready', message: 'the service is not ready', checks: report.checks };
  }
}
