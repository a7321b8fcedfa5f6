import { Module } from '@nestjs/common';
import { OperatorGuard } from '../../admin/operator.guard';
import { DepositAccountsController } from './deposit-accounts.controller';
import { PayinsAdminController } from './payins-admin.controller';
import { OrgPayinsController } from './org-payins.controller';
import { PayinConfirmationsController } from './payin-confirmations.controller';
import { SandboxDepositsController, SandboxOnlyGuard } from './sandbox-deposits.controller';
import { StoredCardsController } from './stored-cards.controller';
import { PayinsController } from './payins.controller';
import {
  SandboxSubscriptionsController,
  SubscriptionsController,
} from './subscriptions.controller';

/** The payins surface: /v1/payins, and the settlement release for organization admins and operators. */
@Module({
  controllers: [
    DepositAccountsController,
    PayinsController,
    PayinsAdminController,
    OrgPayinsController,
    PayinConfirmationsController,
    StoredCardsController,
    SandboxDepositsController,
    SubscriptionsController,
    SandboxSubscriptionsController,
  ],
  providers: [OperatorGuard, SandboxOnlyGuard],
})
export class PayinsApiModule {}
