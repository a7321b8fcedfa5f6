import { hkdfSync } from 'node:crypto';
import type { Environment } from '@platform/contracts';
import { createKeyring, Keyring } from '@platform/keyring';
import type { CryptoWalletsSettings } from '../../crypto-wallets.settings';

/**
 * The keyring that seals private keys and the HD seed of an environment:
 * 1. `KEYRING_KEYS` when configured (rotation: a new key first, old ones after it).
 * 2. Otherwise one key derived (HKDF-SHA256) from `OPERATOR_TOKEN`, which the all-in-one
 *    runtime always has, else from `JWT_SECRET`, under this service's own label.
 * 3. Otherwise a fixed development key in the test environment; live refuses to start.
 */
export function walletKeyring(
  environment: Environment,
  settings: Pick<CryptoWalletsSettings, 'KEYRING_KEYS' | 'OPERATOR_TOKEN' | 'JWT_SECRET'>,
): Keyring {
  if (settings.KEYRING_KEYS) return createKeyring({ keys: settings.KEYRING_KEYS });
  const material =
    settings.OPERATOR_TOKEN ??
    settings.JWT_SECRET ??
    (environment === 'test' ? 'test-environment-only-wallet-key' : null);
  if (material === null)
    throw new Error('KEYRING_KEYS (or OPERATOR_TOKEN, or JWT_SECRET) is required in live');
  const key = Buffer.from(hkdfSync('sha256', material, environment, 'platform wallet keys v1', 32));
  return new Keyring([{ id: `derived-${environment}`, key }]);
}
