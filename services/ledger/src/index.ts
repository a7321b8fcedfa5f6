export { LedgerModule, ledgerService } from './ledger.module';
export { LedgerCommands, type OperationReply } from './application/ledger-commands';
export { LedgerQueries, type AccountBalances } from './application/ledger-queries';
export {
  applyBalanceEvents,
  BALANCES_SUBSCRIPTION,
  readBalances,
  rebuildBalances,
  startBalancesProjection,
  type AssetBalanceView,
} from './infrastructure/balances-projection';
export { LEDGER_EVENTS_SCHEMA, openLedgerEventStore } from './infrastructure/ledger-store';
