import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';

/** The service's only door: commands it serves and events it consumes. */
@Controller()
export class RiskScoringMessages {
  @MessagePattern('risk-scoring.get_health')
  health(): { service: string; status: 'ok' } {
    return { service: 'risk-scoring', status: 'ok' };
  }
}
