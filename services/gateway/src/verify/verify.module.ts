import { Module } from '@nestjs/common';
import { OnboardingController } from './onboarding.controller';
// credit scoring (issue 16): the public consent link
import { QscoreConsentController } from './qscore-consent.controller';
// credit scoring pages (issue 16, pages): the consent page's HTML, seal page, badge, JSON
import { ConsentPageController } from './qscore/consent-page.controller';
import { SealPageController } from './qscore/seal-page.controller';
// track links of payouts and payins (issue 18)
import { TrackPageController } from './track/track-page.controller';
// contracts and signatures (issue 18): the public verification of signed contracts
import { ContractVerifyController } from './contracts/contract-verify.controller';

/** Public hosted verification pages under `/verify` (outside /v1: no credential). */
@Module({
  controllers: [
    OnboardingController,
    QscoreConsentController,
    ConsentPageController,
    SealPageController,
    TrackPageController,
    ContractVerifyController,
  ],
})
export class VerifyModule {}
