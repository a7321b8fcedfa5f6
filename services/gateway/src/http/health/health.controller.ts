import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { GATEWAY_OPTIONS, type GatewayOptions } from '../gateway-options';
import { readinessBody, readinessBodySchema, type ReadinessBody } from '@platform/runtime';
import { ApiReply } from '../validation/api-reply.decorator';
import { ReadinessRegistry } from './readiness-registry';

export interface HealthBody {
  status: 'ok';
  livemode: boolean;
  version: string;
}

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
  @ApiReply(readinessBodySchema, 200, 'ready')
  @ApiReply(readinessBodySchema, 503, 'not ready')
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<ReadinessBody> {
    const report = await this.readiness.run();
    if (!report.ready) {
      reply.request.log.warn({ failures: report.failures }, 'readiness check failed');
      void reply.code(503);
    }
    return readinessBody(report);
  }
}
