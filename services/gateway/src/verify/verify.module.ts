import { Module } from '@nestjs/common';
import { OnboardingController } from './onboarding.controller';
// credit scoring (issue 16): the public consent link
import { QscoreConsentController } from './qscore-consent.controller';

/** Public hosted verification pages under `/verify` (outside /v1: no credential). */
@Module({ controllers: [OnboardingController, QscoreConsentController] })
export class VerifyModule {}
