import { Injectable } from '@nestjs/common';
import { ACCOUNT_COMMANDS } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import type { ApiKeyPrincipal } from './principal';

/** Every API key starts so, in either environment (`pk_test_...` or `pk_...`). */
export const API_KEY_TOKEN_PREFIX = 'pk_';

/** Asks identity, which alone holds the key hashes, whether a presented `pk_...` token is live. */
@Injectable()
export class ApiKeyVerifier {
  constructor(private readonly bus: BusClient) {}

  /** Rejects with `unauthorized` for a key that is unknown, revoked or of the other environment. */
  async verify(token: string): Promise<ApiKeyPrincipal> {
    const identity = await this.bus.send(ACCOUNT_COMMANDS.authenticate_api_key, { token });
    return { kind: 'api_key', role: 'owner', ...identity };
  }
}
