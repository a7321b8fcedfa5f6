import { Controller, Get, Header, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { metricsContentType, metricsText } from '@platform/observability';
import { MetricsGuard } from './operator.guard';

/**
 * Prometheus text for this process. Scraped with the operator token (Prometheus'
 * `authorization` setting, see docs/operations-metrics.md): process internals are not for API
 * clients, and a request without the token answers 401 saying it is needed.
 */
@ApiExcludeController()
@UseGuards(MetricsGuard)
@Controller()
export class MetricsController {
  @Get('metrics')
  @Header('content-type', metricsContentType())
  metrics(): Promise<string> {
    return metricsText();
  }
}
