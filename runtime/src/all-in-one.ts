import { telemetry } from './telemetry-first';
import 'reflect-metadata';
import path from 'node:path';
import { startEmbeddedPostgres } from '@platform/persistence';
import {
  describeError,
  exitOnSignal,
  loadSecretFiles,
  readAllInOneSettings,
} from '@platform/runtime';
import { startPlatform } from './platform';

/**
 * `npm start`: the whole platform in one process (decisions D1). The sandbox on PORT_TEST, live
 * on PORT_LIVE, data in DATA_DIR on the embedded PostgreSQL unless DATABASE_URL names a server.
 */
async function main(): Promise<void> {
  loadSecretFiles(process.env);
  const settings = readAllInOneSettings(process.env);
  const data_dir = path.resolve(settings.DATA_DIR);
  const log = (line: string) =>
    process.stdout.write(
      `${JSON.stringify({ level: 'info', msg: line, time: new Date().toISOString() })}\n`,
    );
  const embedded = settings.DATABASE_URL
    ? null
    : await startEmbeddedPostgres({
        data_dir: path.join(data_dir, 'postgres'),
        port: settings.EMBEDDED_PG_PORT,
      });
  const admin_database_url = settings.DATABASE_URL ?? embedded!.admin_url;
  const platform = await startPlatform({
    host: settings.HOST,
    ports: { test: settings.PORT_TEST, live: settings.PORT_LIVE },
    admin_database_url,
    database_prefix: settings.DATABASE_PREFIX,
    data_dir,
  });
  log(
    `sandbox (test) on ${platform.environments.test.base_url}, live on ${platform.environments.live.base_url}`,
  );
  exitOnSignal(
    [() => platform.close(), async () => embedded?.stop(), () => telemetry.shutdown()],
    log,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`platform failed to start: ${describeError(error)}\n`);
  process.exit(1);
});
