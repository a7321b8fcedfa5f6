import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
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

/** The document a running gateway serves (`--from http://127.0.0.1:8080/openapi.json`). */
async function fetchedDocument(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return response.json();
}

/**
 * `npm run sdk:generate`: writes libs/sdk/src/schema.d.ts from the document the gateway serves.
 * `--from URL` reads the document of a running gateway instead; `--check` writes nothing and
 * exits 1 when the committed file differs (the drift test runs it against the live platform).
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { from: { type: 'string' }, check: { type: 'boolean', default: false } },
  });
  const document = values.from ? await fetchedDocument(values.from) : await servedOpenApiDocument();
  const schema = await renderSdkSchema(document);
  const file = path.relative(process.cwd(), SDK_SCHEMA_FILE);
  if (!values.check) {
    writeFileSync(SDK_SCHEMA_FILE, schema);
    process.stdout.write(`wrote ${file}\n`);
    return;
  }
  if (readFileSync(SDK_SCHEMA_FILE, 'utf8') === schema) {
    process.stdout.write(`${file} is up to date\n`);
    return;
  }
  process.stderr.write(
    `${file} is not what the OpenAPI document generates: run \`npm run sdk:generate\` and commit it\n`,
  );
  process.exitCode = 1;
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`sdk:generate failed: ${String(error)}\n`);
    process.exit(1);
  });
}
