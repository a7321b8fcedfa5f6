import path from 'node:path';
import { Module, type DynamicModule } from '@nestjs/common';
import {
  busClientProviders,
  ServiceDatabaseModule,
  type PlatformContext,
  type ServiceDefinition,
} from '@platform/runtime';
import { RiskScoringMessages } from './messages/risk-scoring.messages';
import {
  RISK_SCORING_SETTINGS,
  riskScoringSettingsSchema,
  type RiskScoringSettings,
} from './risk-scoring.settings';
// Each part of the service adds one import and one spread per list below (issue 16).
import { coreControllers, coreProviders } from './core.providers';
import { consentControllers, consentProviders } from './consents.providers';
import { reportControllers, reportProviders } from './reports.providers';
import { batchControllers, batchProviders } from './batches.providers';
import { watchControllers, watchProviders } from './watch.providers';
import { pagesControllers, pagesProviders } from './pages.providers';

export const RISK_SCORING_MIGRATIONS_DIR = path.join(__dirname, '../migrations');

/** The risk-scoring service (credit scoring bureau). Both runtimes boot it through `riskScoringService`. */
@Module({})
export class RiskScoringModule {
  static forRuntime(context: PlatformContext, settings: RiskScoringSettings): DynamicModule {
    return {
      module: RiskScoringModule,
      imports: [
        ServiceDatabaseModule.forService('risk-scoring', context, {
          migrations: [{ dir: RISK_SCORING_MIGRATIONS_DIR }],
        }),
      ],
      controllers: [
        RiskScoringMessages,
        ...coreControllers,
        ...reportControllers,
        ...consentControllers,
        ...batchControllers,
        ...watchControllers,
        ...pagesControllers,
      ],
      providers: [
        { provide: RISK_SCORING_SETTINGS, useValue: settings },
        ...busClientProviders(context),
        ...coreProviders,
        ...reportProviders,
        ...consentProviders,
        ...batchProviders,
        ...watchProviders,
        ...pagesProviders,
      ],
    };
  }
}

export const riskScoringService: ServiceDefinition<typeof riskScoringSettingsSchema> = {
  name: 'risk-scoring',
  settings: riskScoringSettingsSchema,
  module: (context, settings) => RiskScoringModule.forRuntime(context, settings),
};
