import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';

/** The service's only door: commands it serves and events it consumes. */
@Controller()
export class CryptoWalletsMessages {
  @MessagePattern('crypto-wallets.get_health')
  health(): { service: string; status: 'ok' } {
    return { service: 'crypto-wallets', status: 'ok' };
  }
}
