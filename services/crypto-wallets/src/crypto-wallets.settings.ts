import { z } from 'zod';
import { millisecondsSetting, sharedSettings, type SettingsOf } from '@platform/runtime';
// c15-deposits: address screening lists
import { parseFlaggedAddresses } from './domain/screening/flagged-lists';

/** The crypto-wallets service's settings: its runtime parses them once at boot. */
export const cryptoWalletsSettingsSchema = sharedSettings
  .pick({
    SANDBOX_STEP_MS: true,
    OPERATOR_TOKEN: true,
    JWT_SECRET: true,
    DEAD_LETTER_MAX_ATTEMPTS: true,
    DEAD_LETTER_BACKOFF_MS: true,
  })
  .extend({
    KEYRING_KEYS: z
      .string()
      .optional()
      .meta({
        unset:
          'one key derived from `OPERATOR_TOKEN`, else `JWT_SECRET` (a fixed key in the sandbox without either)',
      })
      .describe(
        'keys that seal wallet private keys and the HD seed at rest (AES-256-GCM): `id:base64key,...`, 32-byte keys, the first one seals; keep old ones listed until nothing is sealed under them',
      ),
    // crypto withdrawals (issue 15)
    TRAVEL_RULE_THRESHOLD_USD: z
      .string()
      .regex(/^\d{1,12}(\.\d{1,2})?$/, 'a USD amount')
      .default('1000')
      .describe(
        'the USD value from which a crypto withdrawal falls under the Travel Rule (valued at the ledger rate table)',
      ),
    CRYPTO_WITHDRAWAL_MAX_USD: z
      .string()
      .regex(/^\d{1,12}(\.\d{1,2})?$/, 'a USD amount')
      .default('1000000')
      .describe(
        'the largest crypto withdrawal, by its USD value; above it 422 `amount_above_maximum`',
      ),
    WITHDRAWALS_CLAIM_RECOVERY_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(120_000)
      .describe(
        'after how long a crypto withdrawal create cut short by a crash gives back its hold and idempotency key (2 minutes)',
      ),
    // Wallet links, segregated wallets and signature proofs (issue 15, part L).
    WALLET_LINK_CHALLENGE_TTL_MS: millisecondsSetting()
      .default(600_000)
      .describe('how long a wallet-link challenge can be signed and verified'),
    // c15-deposits: address screening lists
    CRYPTO_FLAGGED_ADDRESSES: z
      .string()
      .optional()
      .superRefine((text, context) => {
        try {
          parseFlaggedAddresses(text);
        } catch (error) {
          context.addIssue({ code: 'custom', message: `not a valid list: ${String(error)}` });
        }
      })
      .meta({ unset: 'no flagged address (the sandbox still applies its `bad`/`risk` endings)' })
      .describe(
        'flagged blockchain addresses for address screening and deposit sender risk: a JSON array of `{chain, address, risk, category}` (`risk` low, medium, high or severe; `category` a snake_case word such as `sanctions`)',
      ),
  });
export type CryptoWalletsSettings = SettingsOf<typeof cryptoWalletsSettingsSchema>;

export const CRYPTO_WALLETS_SETTINGS = Symbol('CRYPTO_WALLETS_SETTINGS');
