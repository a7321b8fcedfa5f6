export { BankingModule, bankingService } from './banking.module';
