import { Controller, Get, Header, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { metricsContentType, metricsText } from '@platform/observability';
import { OperatorGuard } from './operator.guard';

/**
 * Prometheus text for this process. Scraped with the operator token (Prometheus'
 * `authorization` setting): process internals are not for API clients.
 */
@ApiExcludeController()
@UseGuards(OperatorGuard)
@Controller()
export class MetricsController {
  @Get('metrics')
  @Header('content-type', metricsContentType())
  metrics(): Promise<string> {
    return metricsText();
  }
}
