import { Module, type DynamicModule } from '@nestjs/common';
import {
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

/** The risk-scoring service. Both runtimes boot it through `riskScoringService`. */
@Module({})
export class RiskScoringModule {
  static forRuntime(context: PlatformContext, settings: RiskScoringSettings): DynamicModule {
    return {
      module: RiskScoringModule,
      imports: [ServiceDatabaseModule.forService('risk-scoring', context)],
      controllers: [RiskScoringMessages],
      providers: [{ provide: RISK_SCORING_SETTINGS, useValue: settings }],
    };
  }
}

export const riskScoringService: ServiceDefinition<typeof riskScoringSettingsSchema> = {
  name: 'risk-scoring',
  settings: riskScoringSettingsSchema,
  module: (context, settings) => RiskScoringModule.forRuntime(context, settings),
};
