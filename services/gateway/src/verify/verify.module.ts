import { Module } from '@nestjs/common';
import { OnboardingController } from './onboarding.controller';

/** Public hosted verification pages under `/verify` (outside /v1: no credential). */
@Module({ controllers: [OnboardingController] })
export class VerifyModule {}
