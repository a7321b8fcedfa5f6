import path from 'node:path';
import { Module, type DynamicModule } from '@nestjs/common';
import {
  busClientProviders,
  ServiceDatabaseModule,
  type PlatformContext,
  type ServiceDefinition,
} from '@platform/runtime';
import { cardsControllers, cardsProviders } from './cards.providers';
import { CARDS_SETTINGS, cardsSettingsSchema, type CardsSettings } from './cards.settings';

export const CARDS_MIGRATIONS_DIR = path.join(__dirname, '../migrations');

/** The cards service (issue 17). Both runtimes boot it through `cardsService`. */
@Module({})
export class CardsModule {
  static forRuntime(context: PlatformContext, settings: CardsSettings): DynamicModule {
    return {
      module: CardsModule,
      imports: [
        ServiceDatabaseModule.forService('cards', context, {
          migrations: [{ dir: CARDS_MIGRATIONS_DIR }],
        }),
      ],
      controllers: [...cardsControllers],
      providers: [
        { provide: CARDS_SETTINGS, useValue: settings },
        ...busClientProviders(context),
        ...cardsProviders,
      ],
    };
  }
}

export const cardsService: ServiceDefinition<typeof cardsSettingsSchema> = {
  name: 'cards',
  settings: cardsSettingsSchema,
  module: (context, settings) => CardsModule.forRuntime(context, settings),
};
