import path from 'node:path';
import { Module, type DynamicModule } from '@nestjs/common';
import type { Pool } from 'pg';
import {
  busClientProviders,
  eventRelayProvider,
  openTransferArea,
  type PlatformContext,
  SERVICE_POOL,
  ServiceDatabaseModule,
  TRANSFER_AREA,
  type ServiceDefinition,
} from '@platform/runtime';
import { DemoPayouts } from './application/demo-payouts';
import { PayoutCreation } from './application/payout-creation';
import { PayoutLifecycle } from './application/payout-lifecycle';
import { PayoutQueries } from './application/payout-queries';
import { PayoutTracking } from './application/payout-tracking';
import { PayoutTrackingMessages } from './messages/payout-tracking.messages';
import { QrPayouts } from './application/qr-payouts';
import { PayoutTransitions } from './application/payout-transitions';
import {
  LimitsAndDocumentsRepository,
  payoutTermsProvider,
} from './infrastructure/limits-and-documents.repository';
import { OtherServices } from './infrastructure/other-services';
import { PayoutsRepository } from './infrastructure/payouts.repository';
import { PAYOUTS_POOL_SIZE, PayoutsRuntime } from './infrastructure/payouts-runtime';
import { openPayoutsEventStore, PAYOUTS_EVENTS } from './infrastructure/payouts-store';
import { RAIL_CONNECTORS, RailConnectors } from './infrastructure/rail-connectors';
import { PayoutsMessages } from './messages/payouts.messages';
import { PAYOUTS_SETTINGS, payoutsSettingsSchema, type PayoutsSettings } from './payouts.settings';

/** The payouts service. Both runtimes boot it through `payoutsService`. */
@Module({})
export class PayoutsModule {
  static forRuntime(context: PlatformContext, settings: PayoutsSettings): DynamicModule {
    return {
      module: PayoutsModule,
      imports: [
        ServiceDatabaseModule.forService('payouts', context, {
          migrations: [{ dir: path.join(__dirname, '../migrations') }],
          max_connections: PAYOUTS_POOL_SIZE,
        }),
      ],
      controllers: [PayoutsMessages, PayoutTrackingMessages],
      providers: [
        { provide: PAYOUTS_SETTINGS, useValue: settings },
        {
          provide: PAYOUTS_EVENTS,
          inject: [SERVICE_POOL],
          useFactory: (pool: Pool) => openPayoutsEventStore(pool, context.environment),
        },
        { provide: RAIL_CONNECTORS, useValue: new RailConnectors(context.environment) },
        { provide: TRANSFER_AREA, useValue: openTransferArea(context) },
        ...busClientProviders(context),
        PayoutsRepository,
        payoutTermsProvider,
        LimitsAndDocumentsRepository,
        OtherServices,
        PayoutTransitions,
        PayoutCreation,
        {
          provide: DemoPayouts,
          inject: [PayoutsRepository, OtherServices, PayoutTransitions],
          useFactory: (
            payouts: PayoutsRepository,
            services: OtherServices,
            transitions: PayoutTransitions,
          ) => new DemoPayouts(payouts, services, transitions, context.environment === 'test'),
        },
        PayoutLifecycle,
        PayoutQueries,
        QrPayouts,
        PayoutTracking,
        PayoutsRuntime,
        eventRelayProvider({ service: 'payouts', store: PAYOUTS_EVENTS }),
      ],
    };
  }
}

export const payoutsService: ServiceDefinition<typeof payoutsSettingsSchema> = {
  name: 'payouts',
  settings: payoutsSettingsSchema,
  module: (context, settings) => PayoutsModule.forRuntime(context, settings),
};
