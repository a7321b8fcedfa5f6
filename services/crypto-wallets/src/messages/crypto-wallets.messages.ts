import { Controller } from '@nestjs/common';
import { HEALTH_COMMANDS } from '@platform/contracts';
import { Handles } from '@platform/messaging';

/** The service's only door: commands it serves and events it consumes. */
@Controller()
export class CryptoWalletsMessages {
  @Handles(HEALTH_COMMANDS['crypto-wallets'])
  health() {
    return { service: 'crypto-wallets', status: 'ok' as const };
  }
}
