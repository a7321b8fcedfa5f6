import { Controller } from '@nestjs/common';
import { HEALTH_COMMANDS } from '@platform/contracts';
import { Handles } from '@platform/messaging';

/** The service's only door: commands it serves and events it consumes. */
@Controller()
export class RiskScoringMessages {
  @Handles(HEALTH_COMMANDS['risk-scoring'])
  health() {
    return { service: 'risk-scoring', status: 'ok' as const };
  }
}
