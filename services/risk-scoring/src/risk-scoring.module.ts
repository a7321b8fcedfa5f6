import { Module, type DynamicModule } from '@nestjs/common';
import {
  ServiceDatabaseModule,
  type PlatformContext,
  type ServiceDefinition,
} from '@platform/runtime';
import { RiskScoringMessages } from './messages/risk-scoring.messages';

/** The risk-scoring service. Both runtimes boot it through `riskScoringService`. */
@Module({})
export class RiskScoringModule {
  static forRuntime(context: PlatformContext): DynamicModule {
    return {
      module: RiskScoringModule,
      imports: [ServiceDatabaseModule.forService('risk-scoring', context)],
      controllers: [RiskScoringMessages],
    };
  }
}

export const riskScoringService: ServiceDefinition = {
  name: 'risk-scoring',
  module: (context) => RiskScoringModule.forRuntime(context),
};
