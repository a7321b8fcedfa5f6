import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';

/** The service's only door: commands it serves and events it consumes. */
@Controller()
export class PayinsMessages {
  @MessagePattern('payins.get_health')
  health(): { service: string; status: 'ok' } {
    return { service: 'payins', status: 'ok' };
  }
}
