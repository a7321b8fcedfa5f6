import { z } from 'zod';
import { SOCIAL_PROVIDERS, type SocialProvider } from '@platform/contracts';
import { sharedSettings, type SettingsOf } from '@platform/runtime';

const PROVIDER_NAMES: Record<SocialProvider, string> = {
  google: 'Google',
  apple: 'Apple',
  microsoft: 'Microsoft',
  facebook: 'Facebook',
};

type SocialSettingName = `SOCIAL_${Uppercase<SocialProvider>}_${'AUDIENCE' | 'JWKS' | 'ISSUER'}`;

/** Social login, per provider: `SOCIAL_<PROVIDER>_AUDIENCE`, `_JWKS`, `_ISSUER`. */
const socialSettings = Object.fromEntries(
  SOCIAL_PROVIDERS.flatMap((provider) => {
    const prefix = `SOCIAL_${provider.toUpperCase()}`;
    const name = PROVIDER_NAMES[provider];
    return [
      [
        `${prefix}_AUDIENCE`,
        z
          .string()
          .optional()
          .meta({ unset: `sign-in with ${name} is off` })
          .describe(
            `sign-in with ${name}: the client ids registered there (comma list); the provider is enabled by its audience`,
          ),
      ],
      [
        `${prefix}_JWKS`,
        z
          .string()
          .optional()
          .meta({ unset: `${name}’s published keys` })
          .describe(`${name}’s ID token keys: a URL or an inline JSON key set`),
      ],
      [
        `${prefix}_ISSUER`,
        z
          .string()
          .optional()
          .meta({ unset: `${name}’s issuers` })
          .describe(`the issuers accepted in ${name}’s ID tokens (comma list)`),
      ],
    ];
  }),
) as Record<SocialSettingName, z.ZodOptional<z.ZodString>>;

/** The identity service's settings: its runtime parses them once at boot. */
export const identitySettingsSchema = sharedSettings
  .pick({
    OPERATOR_TOKEN: true,
    JWT_SECRET: true,
    HANDOFF_SECRET: true,
    PUBLIC_BASE_URL: true,
    PORT_TEST: true,
    PORT_LIVE: true,
  })
  .extend({
    PASSKEY_ORIGINS: z
      .string()
      .optional()
      .meta({
        unset: 'the origin of `PUBLIC_BASE_URL`, else `http://localhost:<PORT_TEST or PORT_LIVE>`',
      })
      .describe('the web origins allowed to use passkeys (WebAuthn), a comma list'),
    PASSKEY_RP_ID: z
      .string()
      .optional()
      .meta({ unset: 'the host of the first passkey origin' })
      .describe('the WebAuthn relying party id, a registrable domain covering every origin'),
    PASSWORD_RESET_URL: z
      .url()
      .optional()
      .meta({ unset: 'the recovery email carries the token alone' })
      .describe(
        'the front end’s reset page; the recovery email links to it with the single-use token',
      ),
    ...socialSettings,
  });
export type IdentitySettings = SettingsOf<typeof identitySettingsSchema>;

export const IDENTITY_SETTINGS = Symbol('IDENTITY_SETTINGS');
