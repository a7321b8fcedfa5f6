import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { MessageBus } from '@platform/messaging';
import { parseSettings, PlatformContextModule } from '@platform/runtime';
import { gatewaySettingsSchema } from '../gateway.settings';
import { PublicApiModule } from '../v1/public-api.module';
import { createGatewayApp } from './create-gateway-app';

export interface GatewayUnderTest {
  app: NestFastifyApplication;
  base_url: string;
}

/**
 * The gateway alone in front of `bus`, for the suites beside it that look at what it answers when
 * what is behind it fails: the test environment's public API on an ephemeral port, no rate limit.
 */
export async function startGatewayUnderTest(
  bus: MessageBus,
  database_url: string,
  settings: Record<string, string>,
): Promise<GatewayUnderTest> {
  const app = await createGatewayApp({
    environment: 'test',
    settings: parseSettings(gatewaySettingsSchema, settings),
    rate_limit: false,
    imports: [
      PlatformContextModule.forRoot({
        environment: 'test',
        bus,
        database_url,
        data_dir: mkdtempSync(path.join(os.tmpdir(), 'gateway-under-test-')),
        raw_settings: settings,
      }),
      PublicApiModule,
    ],
  });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return { app, base_url: `http://127.0.0.1:${port}` };
}
