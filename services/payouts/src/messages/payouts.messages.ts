import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';

/** The service's only door: commands it serves and events it consumes. */
@Controller()
export class PayoutsMessages {
  @MessagePattern('payouts.get_health')
  health(): { service: string; status: 'ok' } {
    return { service: 'payouts', status: 'ok' };
  }
}
