import { Module } from '@nestjs/common';
import { AccountsAdminController } from './accounts-admin.controller';
import { AdminController } from './admin.controller';
import { BusTailController } from './bus-tail.controller';
import { DeadLettersAdminController } from './dead-letters-admin.controller';
import { LedgerAdminController } from './ledger-admin.controller';
import { MetricsController } from './metrics.controller';
import { OperatorGuard } from './operator.guard';
// crypto chain feed (issue 15)
import { CryptoChainAdminController } from './crypto-chain-admin.controller';
// crypto withdrawals: the live Travel Rule desk (issue 15)
import { CryptoTravelRuleAdminController } from './crypto-travel-rule-admin.controller';
import { PayoutsAdminController } from './payouts-admin.controller';
import { ReviewsAdminController } from './reviews-admin.controller';
import { VerificationsAdminController } from './verifications-admin.controller';
// credit-scoring disputes desk (issue 16)
import { QscoreDisputesAdminController } from './qscore-disputes-admin.controller';

@Module({
  controllers: [
    AccountsAdminController,
    AdminController,
    BusTailController,
    DeadLettersAdminController,
    LedgerAdminController,
    MetricsController,
    PayoutsAdminController,
    ReviewsAdminController,
    VerificationsAdminController,
    // crypto chain feed (issue 15)
    CryptoChainAdminController,
    // crypto withdrawals: the live Travel Rule desk (issue 15)
    CryptoTravelRuleAdminController,
    // credit-scoring disputes desk (issue 16)
    QscoreDisputesAdminController,
  ],
  providers: [OperatorGuard],
})
export class AdminModule {}
