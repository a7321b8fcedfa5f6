import { z } from 'zod';

/** How long a command waits for its reply on the bus before it answers `recovery_pending`. */
const busRequestTimeoutSchema = z.object({
  BUS_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1).optional(),
});

/** Settings of a distributed service process, validated once at boot. */
const distributedSchema = z
  .object({
    ENVIRONMENT: z.enum(['test', 'live']).default('test'),
    KAFKA_BROKERS: z
      .string()
      .min(1)
      .transform((value) => value.split(',').map((b) => b.trim())),
    KAFKA_TOPIC_PREFIX: z.string().optional(),
    DATABASE_URL: z.string().url(),
    HOST: z.string().default('127.0.0.1'),
    /** This process's probe port; the service's fixed port (health-ports.ts) when absent. */
    HEALTH_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    /** Moves the table of fixed probe ports (9100 sandbox, 9200 live). */
    HEALTH_PORT_BASE: z.coerce.number().int().min(1).max(65000).optional(),
    DATA_DIR: z.string().default('.data'),
    INSTANCE_ID: z.string().optional(),
  })
  .extend(busRequestTimeoutSchema.shape);
export type DistributedSettings = z.infer<typeof distributedSchema>;

/** Parses settings at boot; a bad value stops the process with every problem named. */
function parseSettings<T>(schema: z.ZodType<T>, env: NodeJS.ProcessEnv): T {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`invalid configuration: ${problems}`);
  }
  return parsed.data;
}

/** BUS_REQUEST_TIMEOUT_MS of either runtime; undefined leaves the bus's default (30 s). */
export function readBusRequestTimeout(
  env: Readonly<Record<string, string | undefined>>,
): number | undefined {
  return parseSettings(busRequestTimeoutSchema, env).BUS_REQUEST_TIMEOUT_MS;
}

export function readDistributedSettings(env: NodeJS.ProcessEnv = process.env): DistributedSettings {
  return parseSettings(distributedSchema, env);
}

/** Settings of the all-in-one runtime (decisions D1). */
const allInOneSchema = z.object({
  HOST: z.string().default('127.0.0.1'),
  PORT_TEST: z.coerce.number().int().min(0).max(65535).default(8080),
  PORT_LIVE: z.coerce.number().int().min(0).max(65535).default(8081),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.string().url().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  /** The two databases are `<prefix>_test` and `<prefix>_live`. */
  DATABASE_PREFIX: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,40}$/)
    .default('platform'),
});
export type AllInOneSettings = z.infer<typeof allInOneSchema>;

export function readAllInOneSettings(env: NodeJS.ProcessEnv = process.env): AllInOneSettings {
  return parseSettings(allInOneSchema, env);
}
