import { z } from 'zod';

/**
 * Settings that several services (or a service and a runtime) read: each is defined here once,
 * and the services' schemas take theirs with `sharedSettings.pick(...)`, so one setting never has
 * two parsers. (The configuration reference refuses a name defined twice.)
 */

/** `true` or `false`, nothing else: a typo stops the boot instead of meaning `false`. */
export const booleanSetting = () =>
  z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((value) => value === 'true');

/** Milliseconds written in digits only (up to 10 of them). */
export const millisecondsSetting = () =>
  z
    .string()
    .regex(/^\d{1,10}$/, 'must be a whole number of milliseconds')
    .transform(Number);

/** A secret: at least 32 characters, so that it cannot be guessed. */
const secret = () => z.string().min(32, 'must have at least 32 characters');

const port = () => z.coerce.number().int().min(0).max(65535);

export const sharedSettings = z.object({
  SANDBOX_STEP_MS: z
    .string()
    .regex(/^\d{1,9}$/, 'must be a whole number of milliseconds')
    .transform(Number)
    .default(2000)
    .describe('duration of one simulated rail step in the sandbox; 0 runs the steps at once'),
  OPERATOR_TOKEN: z
    .string()
    .optional()
    .meta({ unset: 'generated into `DATA_DIR/<env>/operator-token` by `npm start`' })
    .describe(
      'the operator’s token for `/admin/v1`, `/metrics` and the CLI; compose and Kubernetes take it from a secret. Session, webhook and handoff keys derive from it when their own setting is not given',
    ),
  JWT_SECRET: secret()
    .optional()
    .meta({ unset: 'derived from `OPERATOR_TOKEN` (a fixed key in the sandbox without one)' })
    .describe(
      'session signing key, at least 32 characters (distributed runtime; the all-in-one runtime keeps one per environment in `DATA_DIR`)',
    ),
  HANDOFF_SECRET: secret()
    .optional()
    .meta({
      unset: 'generated into `DATA_DIR/handoff-secret` by `npm start`, else `OPERATOR_TOKEN`',
    })
    .describe(
      'the key live and test both trust for the environment handoff, at least 32 characters; the distributed runtime sets the same value on both environments',
    ),
  PUBLIC_BASE_URL: z
    .url()
    .optional()
    .meta({ unset: 'none' })
    .describe(
      'the address clients use: OpenAPI `servers` of the distributed gateway, the default passkey origin',
    ),
  PUBLIC_BASE_URL_TEST: z
    .url()
    .optional()
    .meta({ unset: 'the address the client reached' })
    .describe('the sandbox’s public address (behind a proxy), for checkout and card page links'),
  PUBLIC_BASE_URL_LIVE: z
    .url()
    .optional()
    .meta({ unset: 'the address the client reached' })
    .describe('live’s public address (behind a proxy), for checkout and card page links'),
  PORT_TEST: port()
    .default(8080)
    .describe(
      'port of the sandbox (`test`) gateway of `npm start` (0: any free port); the default passkey origin uses it',
    ),
  PORT_LIVE: port()
    .default(8081)
    .describe(
      'port of the live gateway of `npm start` (0: any free port); the default passkey origin uses it',
    ),
  DEAD_LETTER_MAX_ATTEMPTS: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000)
    .optional()
    .meta({ unset: '`5`' })
    .describe('failures of one record before a worker sets it aside as a dead letter'),
  DEAD_LETTER_BACKOFF_MS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3_600_000)
    .optional()
    .meta({ unset: '`1000` (1 s)' })
    .describe('the first wait before a worker retries a failed record, doubled per failure'),
});
export type SharedSettings = z.output<typeof sharedSettings>;
