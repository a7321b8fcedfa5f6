import { z } from 'zod';
import type { SettingsOf } from '@platform/runtime';

/** The crypto-wallets service reads no setting of its own yet; its runtime parses this at boot. */
export const cryptoWalletsSettingsSchema = z.object({});
export type CryptoWalletsSettings = SettingsOf<typeof cryptoWalletsSettingsSchema>;

export const CRYPTO_WALLETS_SETTINGS = Symbol('CRYPTO_WALLETS_SETTINGS');
