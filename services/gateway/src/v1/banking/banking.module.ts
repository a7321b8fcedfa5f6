import { Module } from '@nestjs/common';
import { BankingAccountsController } from './banking-accounts.controller';
import { BankingPaymentsController } from './banking-payments.controller';
import { SandboxBankingController } from './sandbox-banking.controller';

/** The banking API under /v1/banking and its sandbox route. */
@Module({
  controllers: [BankingAccountsController, BankingPaymentsController, SandboxBankingController],
})
export class BankingApiModule {}
