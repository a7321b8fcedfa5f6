import { z } from 'zod';
import { DEFAULT_REQUEST_TIMEOUT_MS } from '@platform/messaging';
import type { PlatformContext } from './context';
import { booleanSetting, sharedSettings } from './shared.settings';

/**
 * Settings are zod schemas, one per service and one per runtime, with a default (or a `unset`
 * note saying what holds when the setting is not given) and a description on every entry: the
 * README's configuration reference is generated from them. This file and the `*.settings.ts`
 * files are the only ones that read the raw settings (a lint rule).
 */

/** The settings as given: environment variables, or the runtime's overrides. */
export type RawSettings = Readonly<Record<string, string | undefined>>;
/** A schema of settings: an object whose keys are the settings' names. */
export type SettingsSchema = z.ZodObject;
/** What a schema parses to: typed and frozen. */
export type SettingsOf<S extends SettingsSchema> = Readonly<z.output<S>>;

/**
 * Parses settings, once, at boot. An empty value counts as not given (`FOO=` in a compose file);
 * a bad value stops the boot with every problem named. The result is frozen.
 */
export function parseSettings<S extends SettingsSchema>(
  schema: S,
  raw: RawSettings,
): SettingsOf<S> {
  const given = Object.fromEntries(
    Object.entries(raw).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = schema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`invalid configuration: ${problems}`);
  }
  return deepFreeze(parsed.data);
}

/** A service's settings, from the raw settings its runtime gives it. */
export function settingsOf<S extends SettingsSchema>(
  schema: S,
  context: Pick<PlatformContext, 'raw_settings'>,
): SettingsOf<S> {
  return parseSettings(schema, context.raw_settings);
}

function deepFreeze<T>(value: T): T {
  const plain =
    Array.isArray(value) ||
    (typeof value === 'object' &&
      value !== null &&
      Object.getPrototypeOf(value) === Object.prototype);
  if (!plain) return value;
  for (const member of Object.values(value as object)) deepFreeze(member);
  return Object.freeze(value);
}

/** The bus of either runtime. */
export const busSettings = z.object({
  BUS_REQUEST_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1)
    .default(DEFAULT_REQUEST_TIMEOUT_MS)
    .describe(
      'how long a command waits for its reply on the bus (30 s); past it the gateway answers 503 `recovery_pending`: the command may still run, retry with the same idempotency key',
    ),
  BUS_VALIDATE_REPLIES: booleanSetting()
    .default(false)
    .describe(
      '`true` checks every bus reply against its command’s reply schema (the test platforms set it)',
    ),
});
export type BusSettings = SettingsOf<typeof busSettings>;

/** Each bus client of a context asks; the context's bus settings are parsed once. */
const bus_settings_of = new WeakMap<object, BusSettings>();
export function busSettingsOf(context: Pick<PlatformContext, 'raw_settings'>): BusSettings {
  const known = bus_settings_of.get(context.raw_settings);
  if (known) return known;
  const parsed = parseSettings(busSettings, context.raw_settings);
  bus_settings_of.set(context.raw_settings, parsed);
  return parsed;
}

/** Settings that hold secrets: each may come from a file named by `<NAME>_FILE` instead. */
export const SECRET_SETTINGS = [
  'OPERATOR_TOKEN',
  'JWT_SECRET',
  'HANDOFF_SECRET',
  'WEBHOOK_SECRET_KEY',
] as const;

/** The `<NAME>_FILE` settings that `loadSecretFiles` reads at boot, before anything else. */
export const secretFileSettings = z.object(
  Object.fromEntries(
    SECRET_SETTINGS.map((name) => [
      `${name}_FILE`,
      z
        .string()
        .optional()
        .meta({ unset: `\`${name}\` itself` })
        .describe(
          `read \`${name}\` from this file instead (how compose and Kubernetes mount secrets); the plain setting wins when both are given`,
        ),
    ]),
  ),
);

/** Where a runtime keeps its state; both runtimes read these. */
const runtimeEntries = {
  HOST: z
    .string()
    .default('127.0.0.1')
    .describe('the address the gateways and the probe servers listen on'),
  DATA_DIR: z
    .string()
    .default('.data')
    .describe(
      'root of what is kept on disk: the embedded PostgreSQL of `npm start`, each environment’s operator token, the handoff secret',
    ),
  DATABASE_URL: z
    .url()
    .optional()
    .meta({ unset: 'the embedded PostgreSQL (all-in-one); required by the distributed runtime' })
    .describe(
      'the PostgreSQL server: a distributed process’s database; for `npm start`, a server that replaces the embedded one, each environment getting its own database there',
    ),
};

const port = () => z.coerce.number().int().min(0).max(65535);

/**
 * A consumer group spreads a topic's partitions over its members, so a service runs at most this
 * many copies that share its commands; a deployment of more copies sets KAFKA_PARTITIONS above it.
 */
export const DEFAULT_KAFKA_PARTITIONS = 3;

/** Settings of a distributed service process, validated once at boot. */
const distributedSchema = z
  .object({
    ENVIRONMENT: z
      .enum(['test', 'live'])
      .default('test')
      .describe('the environment this process serves: `test` (the sandbox) or `live`'),
    KAFKA_BROKERS: z
      .string()
      .min(1)
      .transform((value) => value.split(',').map((b) => b.trim()))
      .meta({ unset: 'required' })
      .describe('comma list of the Kafka brokers (`host:port`)'),
    KAFKA_TOPIC_PREFIX: z
      .string()
      .optional()
      .meta({ unset: '`<ENVIRONMENT>.`' })
      .describe('prefix of every topic of this deployment'),
    KAFKA_PARTITIONS: z.coerce
      .number()
      .int()
      .min(1)
      .max(1000)
      .default(DEFAULT_KAFKA_PARTITIONS)
      .describe(
        'partitions of each command and event topic it creates: the most copies of a service that share its work, evenly when it divides by their count',
      ),
    HOST: runtimeEntries.HOST,
    HEALTH_PORT: port()
      .optional()
      .meta({ unset: 'the service’s fixed probe port' })
      .describe('this service process’s probe port (see the table of probe ports above)'),
    HEALTH_PORT_BASE: z.coerce
      .number()
      .int()
      .min(1)
      .max(65000)
      .optional()
      .meta({ unset: '9100 sandbox, 9200 live' })
      .describe(
        'moves the table of fixed probe ports: they start above `HEALTH_PORT_BASE` (see above)',
      ),
    DATA_DIR: runtimeEntries.DATA_DIR,
    DATABASE_URL: runtimeEntries.DATABASE_URL,
    INSTANCE_ID: z
      .string()
      .optional()
      .meta({ unset: 'random' })
      .describe('names this process in its Kafka client id'),
  })
  .required({ DATABASE_URL: true });
export type DistributedSettings = SettingsOf<typeof distributedSchema>;

export function readDistributedSettings(env: RawSettings): DistributedSettings {
  return parseSettings(distributedSchema, env);
}

/** Settings of the all-in-one runtime (decisions D1). */
const allInOneSchema = z.object({
  HOST: runtimeEntries.HOST,
  PORT_TEST: sharedSettings.shape.PORT_TEST,
  PORT_LIVE: sharedSettings.shape.PORT_LIVE,
  DATA_DIR: runtimeEntries.DATA_DIR,
  DATABASE_URL: runtimeEntries.DATABASE_URL,
  EMBEDDED_PG_PORT: z.coerce
    .number()
    .int()
    .min(1)
    .max(65535)
    .default(54329)
    .describe('port of the embedded PostgreSQL of `npm start`'),
  DATABASE_PREFIX: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,40}$/)
    .default('platform')
    .describe('the all-in-one runtime’s databases are `<prefix>_test` and `<prefix>_live`'),
});
export type AllInOneSettings = SettingsOf<typeof allInOneSchema>;

export function readAllInOneSettings(env: RawSettings): AllInOneSettings {
  return parseSettings(allInOneSchema, env);
}

/** The runtimes' own schemas, for the configuration reference. */
export const RUNTIME_SETTINGS = {
  secret_files: secretFileSettings,
  bus: busSettings,
  all_in_one: allInOneSchema,
  distributed: distributedSchema,
} as const;
