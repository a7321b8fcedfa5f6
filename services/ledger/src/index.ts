export { LedgerModule, ledgerService } from './ledger.module';
export { LedgerCommands, type OperationReply } from './application/ledger-commands';
export {
  LedgerQueries,
  type AccountBalances,
  type MovementPage,
} from './application/ledger-queries';
export {
  applyBalanceEvents,
  readBalances,
  rebuildBalances,
  type AssetBalanceView,
} from './infrastructure/balances-projection';
export {
  LEGACY_PROJECTION_SUBSCRIPTIONS,
  RETIRED_POSITION,
  startLedgerProjections,
  takeOverLegacyCheckpoints,
} from './infrastructure/ledger-projections';
export { LEDGER_PROJECTIONS_SUBSCRIPTION } from './infrastructure/projection-replay';
export { LEDGER_EVENTS_SCHEMA, openLedgerEventStore } from './infrastructure/ledger-store';
export {
  applyMovementEvents,
  readMovements,
  rebuildMovements,
  type MovementView,
} from './infrastructure/movements-projection';
export {
  LEDGER_PROJECTIONS,
  rebuildAndCompare,
  rebuildProjections,
  type NamedProjection,
  type ProjectionComparison,
} from './infrastructure/rebuild-projections';
export {
  DEFAULT_RATES_FILE,
  InvalidRateTableError,
  loadRateTable,
  type RateView,
} from './infrastructure/rates/rate-table';
export { swapSettingsOf, type SwapSettings } from './infrastructure/swap-settings';
