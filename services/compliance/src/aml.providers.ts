import type { Provider } from '@nestjs/common';
import type { Pool } from 'pg';
import type { PgEventStore } from '@platform/event-store';
import { SERVICE_POOL, type PlatformContext } from '@platform/runtime';
import { AmlCities } from './application/aml/aml-cities';
import { AmlListMonitor } from './application/aml/list-monitor';
import { AmlReports } from './application/aml/aml-reports';
import { AmlScreenings } from './application/aml/aml-screenings';
import type { ComplianceSettings } from './compliance.settings';
import { AmlScreeningsRepository } from './infrastructure/aml/aml-screenings.repository';
import { COMPLIANCE_EVENTS } from './infrastructure/compliance-events';
import { listFilesOf, WatchlistSource } from './infrastructure/aml/watchlist-source';

/**
 * AML screening's providers: the lists, the screenings and the monitoring pass. Their
 * `aml_screening_updated` goes out through the service's one event store (COMPLIANCE_EVENTS).
 */
export function amlProviders(context: PlatformContext, settings: ComplianceSettings): Provider[] {
  return [
    { provide: WatchlistSource, useValue: new WatchlistSource(listFilesOf(settings)) },
    {
      provide: AmlScreeningsRepository,
      inject: [SERVICE_POOL, COMPLIANCE_EVENTS],
      useFactory: (pool: Pool, events: PgEventStore) => new AmlScreeningsRepository(pool, events),
    },
    {
      provide: AmlScreenings,
      inject: [AmlScreeningsRepository, WatchlistSource],
      useFactory: (repository: AmlScreeningsRepository, lists: WatchlistSource) =>
        new AmlScreenings(repository, lists, context.environment),
    },
    {
      provide: AmlReports,
      inject: [AmlScreenings],
      useFactory: (screenings: AmlScreenings) => new AmlReports(screenings),
    },
    { provide: AmlCities, useValue: new AmlCities() },
    {
      provide: AmlListMonitor,
      inject: [AmlScreenings],
      useFactory: (screenings: AmlScreenings) =>
        new AmlListMonitor(screenings, settings.AML_LIST_CHECK_MS),
    },
  ];
}
