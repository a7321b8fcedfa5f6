export { LedgerModule, ledgerService } from './ledger.module';
