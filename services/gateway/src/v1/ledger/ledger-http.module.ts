import { Module } from '@nestjs/common';
import { AccountLedgerController } from './account-ledger.controller';
import { LedgerReportsController } from './reports.controller';
import { SwapsController } from './swaps.controller';
import { TransfersController } from './transfers.controller';

/** The ledger's public routes: balances, settlement, rates, movements, statements, swaps, transfers. */
@Module({
  controllers: [
    AccountLedgerController,
    LedgerReportsController,
    SwapsController,
    TransfersController,
  ],
})
export class LedgerHttpModule {}
