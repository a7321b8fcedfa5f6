import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { EventsModule } from './events/events.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { ApiKeysController } from './api-keys.controller';
import { AuthController } from './auth.controller';
import { MeController } from './me.controller';
import { MembersController } from './members.controller';
import { OtpModule } from './otp/otp.module';
import { AccountModule } from './account/account.module';
import { PayinsApiModule } from './payins/payins.module';
import { PayModule } from '../pay/pay.module';
import { VerifyModule } from '../verify/verify.module';
import { VerificationApiModule } from './verification/verification.module';
import { SignInMethodsModule } from './sign-in-methods/sign-in-methods.module';
import { LedgerHttpModule } from './ledger/ledger-http.module';
import { PayoutsApiModule } from './payouts/payouts.module';
import { AmlApiModule } from './aml/aml.module';
import { ReviewsApiModule } from './reviews/reviews.module';
import { DisputesApiModule } from './disputes/disputes.module';
// crypto deposits and address screening (issue 15)
import { CryptoApiModule } from './crypto/crypto.module';
import { PlatformReadinessModule } from '../http/health/platform-readiness.module';
// crypto withdrawals (issue 15)
import { CryptoWithdrawalsApiModule } from './crypto-withdrawals/crypto-withdrawals.module';
import { WalletsApiModule } from './wallets/wallets.module';
// credit scoring (issue 16)
import { QscoreApiModule } from './qscore/qscore.module';
// contacts (issue 18)
import { ContactsApiModule } from './contacts/contacts.module';
// cards (issue 17)
import { CardsApiModule } from './cards/cards.module';
// banking (issue 17)
import { BankingApiModule } from './banking/banking.module';
// subscriptions and POS (issue 17)
import { PosApiModule } from './pos/pos.module';
// contracts and signatures (issue 18)
import { ContractsApiModule } from './contracts/contracts.module';

/**
 * The public /v1 surface of identity with its credential guard. Needs the bus client and the
 * platform context (PlatformContextModule) mounted beside it.
 */
@Module({
  imports: [
    AuthModule,
    EventsModule,
    WebhooksModule,
    OtpModule,
    AccountModule,
    PayinsApiModule,
    PayModule,
    VerifyModule,
    VerificationApiModule,
    SignInMethodsModule,
    LedgerHttpModule,
    PayoutsApiModule,
    AmlApiModule,
    // crypto deposits and address screening (issue 15)
    CryptoApiModule,
    ReviewsApiModule,
    DisputesApiModule,
    PlatformReadinessModule,
    // crypto withdrawals (issue 15)
    CryptoWithdrawalsApiModule,
    WalletsApiModule,
    // credit scoring (issue 16)
    QscoreApiModule,
    // contacts (issue 18)
    ContactsApiModule,
    // cards (issue 17)
    CardsApiModule,
    // banking (issue 17)
    BankingApiModule,
    // subscriptions and POS (issue 17)
    PosApiModule,
    // contracts and signatures (issue 18)
    ContractsApiModule,
  ],
  controllers: [AuthController, MeController, ApiKeysController, MembersController],
})
export class PublicApiModule {}
