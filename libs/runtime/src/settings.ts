import { z } from 'zod';

/** Settings of a distributed service process, validated once at boot. */
const distributedSchema = z.object({
  ENVIRONMENT: z.enum(['test', 'live']).default('test'),
  KAFKA_BROKERS: z
    .string()
    .min(1)
    .transform((value) => value.split(',').map((b) => b.trim())),
  KAFKA_TOPIC_PREFIX: z.string().optional(),
  DATABASE_URL: z.string().url(),
  HOST: z.string().default('127.0.0.1'),
  HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  DATA_DIR: z.string().default('.data'),
  INSTANCE_ID: z.string().optional(),
});
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
