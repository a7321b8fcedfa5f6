import { NestFactory } from '@nestjs/core';
import type { INestMicroservice } from '@nestjs/common';
import { BusExceptionFilter, BusServer } from '@platform/messaging';
import type { DeadLetters } from '@platform/persistence';
import type { PlatformContext } from './context';
import { DEAD_LETTERS } from './dead-letters.messages';
import { installLeanAsyncBind } from './lean-async-bind';
import type { ServiceDefinition } from './service-definition';
import { settingsOf } from './settings';

export interface RunningService {
  name: string;
  app: INestMicroservice;
  close(): Promise<void>;
}

/**
 * Boots one service as a Nest microservice on the context's bus: its @MessagePattern handlers
 * serve commands and its @EventPattern handlers consume events in the service's own consumer
 * group. Both runtimes call this; only the context differs. The service's settings are parsed
 * here, once: a bad value stops the boot with every problem named.
 */
export async function bootService(
  definition: ServiceDefinition,
  context: PlatformContext,
): Promise<RunningService> {
  // Nest binds a function for each interceptor call: see installLeanAsyncBind.
  installLeanAsyncBind();
  const module = definition.module(context, settingsOf(definition.settings, context));
  let dead_letters: DeadLetters | null = null;
  const app = await NestFactory.createMicroservice(module, {
    strategy: new BusServer(context.bus, {
      group: definition.name,
      dead_letters: () => dead_letters,
      event_prefetch: definition.event_prefetch,
    }),
    logger: ['error', 'warn'],
    abortOnError: false,
  });
  // Its events handlers set poison events aside in the service's own table (D12).
  dead_letters = app.get<symbol, DeadLetters>(DEAD_LETTERS, { strict: false });
  // Keeps a DomainError's code in the reply instead of Nest's generic RPC error.
  app.useGlobalFilters(new BusExceptionFilter());
  await app.listen();
  return { name: definition.name, app, close: () => app.close() };
}
