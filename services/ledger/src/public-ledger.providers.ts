import type { Provider } from '@nestjs/common';
import type { Pool } from 'pg';
import type { NotifiedCache } from '@platform/persistence';
import { BusClient } from '@platform/messaging';
import { SERVICE_POOL } from '@platform/runtime';
import { AccountOverviewService } from './application/account-overview.service';
import { LedgerCommands } from './application/ledger-commands';
import { OrgDirectory } from './application/org-directory';
import { ReportsService } from './application/reports.service';
import { SwapsService } from './application/swaps.service';
import { TransfersService } from './application/transfers.service';
import {
  AccountSettingsRepository,
  SETTLEMENT_SETTINGS,
  settlementSettingsProvider,
} from './infrastructure/public/account-settings.repository';
import { IdempotencyRepository } from './infrastructure/public/idempotency.repository';
import { RecordsRepository } from './infrastructure/public/records.repository';
import type { SwapSettings } from './infrastructure/swap-settings';
import { LEDGER_SETTINGS, type LedgerSettings } from './ledger.settings';

/** The providers of the public surface; `swap_settings` is the token of the rate table. */
export function publicLedgerProviders(swap_settings: symbol): Provider[] {
  const pooled = <T>(type: new (pool: Pool) => T): Provider => ({
    provide: type,
    inject: [SERVICE_POOL],
    useFactory: (pool: Pool) => new type(pool),
  });
  return [
    settlementSettingsProvider,
    {
      provide: AccountSettingsRepository,
      inject: [SERVICE_POOL, SETTLEMENT_SETTINGS],
      useFactory: (pool: Pool, settlements: NotifiedCache) =>
        new AccountSettingsRepository(pool, settlements),
    },
    pooled(IdempotencyRepository),
    pooled(RecordsRepository),
    {
      provide: OrgDirectory,
      inject: [BusClient],
      useFactory: (bus: BusClient) => new OrgDirectory(bus),
    },
    {
      provide: AccountOverviewService,
      inject: [LedgerCommands, AccountSettingsRepository, swap_settings, LEDGER_SETTINGS],
      useFactory: (
        commands: LedgerCommands,
        settings: AccountSettingsRepository,
        swap: SwapSettings,
        config: LedgerSettings,
      ) => new AccountOverviewService(commands, settings, swap.rates, config),
    },
    {
      provide: SwapsService,
      inject: [
        LedgerCommands,
        RecordsRepository,
        IdempotencyRepository,
        swap_settings,
        LEDGER_SETTINGS,
      ],
      useFactory: (
        commands: LedgerCommands,
        records: RecordsRepository,
        idempotency: IdempotencyRepository,
        swap: SwapSettings,
        config: LedgerSettings,
      ) => new SwapsService(commands, records, idempotency, swap.rates, config),
    },
    {
      provide: TransfersService,
      inject: [
        LedgerCommands,
        RecordsRepository,
        IdempotencyRepository,
        AccountSettingsRepository,
        OrgDirectory,
      ],
      useFactory: (
        commands: LedgerCommands,
        records: RecordsRepository,
        idempotency: IdempotencyRepository,
        settings: AccountSettingsRepository,
        directory: OrgDirectory,
      ) => new TransfersService(commands, records, idempotency, settings, directory),
    },
    {
      provide: ReportsService,
      inject: [SERVICE_POOL, OrgDirectory, swap_settings],
      useFactory: (pool: Pool, directory: OrgDirectory, swap: SwapSettings) =>
        new ReportsService(pool, directory, swap.rates),
    },
  ];
}
