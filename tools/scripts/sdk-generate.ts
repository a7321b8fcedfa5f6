import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { InProcessBus } from '@platform/messaging';
import { parseSettings, PlatformContextModule } from '@platform/runtime';
import {
  AdminModule,
  createGatewayApp,
  gatewaySettingsSchema,
  PublicApiModule,
} from '@platform/svc-gateway';
import pino from 'pino';
import { renderSdkSchema, SDK_SCHEMA_FILE } from './sdk-schema';

/** Never dialled: the document is read before anything would reach a database. */
const UNUSED_DATABASE_URL = 'postgres://sdk-generate.invalid:1/none';

/**
 * The OpenAPI document the sandbox gateway serves at `/openapi.json`, from the modules the
 * runtimes mount, with no database, no running bus and no listening port.
 */
export async function servedOpenApiDocument(): Promise<unknown> {
  const data_dir = mkdtempSync(path.join(os.tmpdir(), 'sdk-generate-'));
  const raw_settings: Record<string, string> = {};
  const app = await createGatewayApp({
    environment: 'test',
    settings: parseSettings(gatewaySettingsSchema, raw_settings),
    rate_limit: false,
    logger: pino({ level: 'silent' }),
    imports: [
      PlatformContextModule.forRoot({
        environment: 'test',
        bus: new InProcessBus(),
        database_url: UNUSED_DATABASE_URL,
        data_dir,
        raw_settings,
      }),
      AdminModule,
      PublicApiModule,
    ],
  });
  try {
    await app.init();
    const answer = await app
      .getHttpAdapter()
      .getInstance()
      .inject({ method: 'GET', url: '/openapi.json' });
    if (answer.statusCode !== 200)
      throw new Error(`GET /openapi.json answered ${answer.statusCode}`);
    return answer.json();
  } finally {
    await app.close();
    rmSync(data_dir, { recursive: true, force: true });
  }
}

/** `npm run sdk:generate`: writes libs/sdk/src/schema.d.ts from the served document. */
async function main(): Promise<void> {
  writeFileSync(SDK_SCHEMA_FILE, await renderSdkSchema(await servedOpenApiDocument()));
  process.stdout.write(`wrote ${path.relative(process.cwd(), SDK_SCHEMA_FILE)}\n`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`sdk:generate failed: ${String(error)}\n`);
    process.exit(1);
  });
}
