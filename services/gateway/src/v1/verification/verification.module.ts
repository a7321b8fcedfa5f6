import { Module } from '@nestjs/common';
import { OrgVerificationsController } from './org-verifications.controller';
import { VerificationController } from './verification.controller';

/** Identity verification: the account's own, and organization admins' reviews (decisions D8). */
@Module({ controllers: [VerificationController, OrgVerificationsController] })
export class VerificationApiModule {}
