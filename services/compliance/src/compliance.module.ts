import path from 'node:path';
import { Module, type DynamicModule } from '@nestjs/common';
import type { Pool } from 'pg';
import {
  busClientProviders,
  eventRelayProvider,
  openTransferArea,
  SERVICE_POOL,
  ServiceDatabaseModule,
  TRANSFER_AREA,
  type PlatformContext,
  type ServiceDefinition,
} from '@platform/runtime';
import { amlProviders } from './aml.providers';
import { DisputeSteps } from './application/dispute-steps';
import { DisputeWriter } from './application/dispute-writer';
import { Disputes } from './application/disputes';
import { Onboarding } from './application/onboarding';
import { FirewallReviews } from './application/firewall-reviews';
import { PayoutReviews, screeningOverrideProvider } from './application/payout-reviews';
// crypto withdrawals (issue 15)
import { WithdrawalReviewOpener } from './application/withdrawal-reviews';
import { ReviewWriter } from './application/review-writer';
import { SelfVerification } from './application/self-verification';
import { VerificationReport } from './application/verification-report';
import { VerificationReviews } from './application/verification-reviews';
import { VerificationSteps } from './application/verification-steps';
import { VerificationWriter } from './application/verification-writer';
import { COMPLIANCE_EVENTS, openComplianceEventStore } from './infrastructure/compliance-events';
import { COMPLIANCE_JOBS, openComplianceJobs } from './infrastructure/compliance-jobs';
import { openDocumentStorage, VERIFICATION_DOCUMENTS } from './infrastructure/document-storage';
import { DisputesRepository } from './infrastructure/disputes.repository';
import { ReviewsRepository } from './infrastructure/reviews.repository';
import { VerificationsRepository } from './infrastructure/verifications.repository';
import { AmlMessages } from './messages/aml.messages';
import { ComplianceMessages } from './messages/compliance.messages';
import { ReviewMessages } from './messages/review.messages';
import { DisputeMessages } from './messages/dispute.messages';
import { VerificationMessages } from './messages/verification.messages';
// contracts and signatures (issue 18)
import { ContractDownloads } from './application/contracts/contract-downloads';
import { ContractEnvelopes } from './application/contracts/contract-envelopes';
import { ContractSigning } from './application/contracts/contract-signing';
import { ContractTemplates } from './application/contracts/contract-templates';
import { ContractEnvelopesRepository } from './infrastructure/contracts/contract-envelopes.repository';
import { ContractTemplatesRepository } from './infrastructure/contracts/contract-templates.repository';
import { ContractMessages } from './messages/contract.messages';
import {
  COMPLIANCE_SETTINGS,
  complianceSettingsSchema,
  type ComplianceSettings,
} from './compliance.settings';

/** The compliance service. Both runtimes boot it through `complianceService`. */
@Module({})
export class ComplianceModule {
  static forRuntime(context: PlatformContext, settings: ComplianceSettings): DynamicModule {
    return {
      module: ComplianceModule,
      imports: [
        ServiceDatabaseModule.forService('compliance', context, {
          migrations: [{ dir: path.join(__dirname, '../migrations') }],
        }),
      ],
      controllers: [
        ComplianceMessages,
        VerificationMessages,
        AmlMessages,
        ReviewMessages,
        DisputeMessages,
        // contracts and signatures (issue 18)
        ContractMessages,
      ],
      providers: [
        { provide: COMPLIANCE_SETTINGS, useValue: settings },
        {
          provide: COMPLIANCE_EVENTS,
          inject: [SERVICE_POOL],
          useFactory: (pool: Pool) => openComplianceEventStore(pool, context.environment),
        },
        {
          provide: COMPLIANCE_JOBS,
          inject: [SERVICE_POOL],
          useFactory: (pool: Pool) => openComplianceJobs(pool, settings.SANDBOX_STEP_MS),
        },
        { provide: VERIFICATION_DOCUMENTS, useValue: openDocumentStorage(context) },
        { provide: TRANSFER_AREA, useValue: openTransferArea(context) },
        ...busClientProviders(context),
        ReviewsRepository,
        ReviewWriter,
        screeningOverrideProvider,
        PayoutReviews,
        FirewallReviews,
        // crypto withdrawals (issue 15)
        WithdrawalReviewOpener,
        ...amlProviders(context, settings),
        VerificationsRepository,
        VerificationWriter,
        VerificationSteps,
        SelfVerification,
        Onboarding,
        VerificationReviews,
        VerificationReport,
        DisputesRepository,
        DisputeWriter,
        DisputeSteps,
        Disputes,
        // contracts and signatures (issue 18)
        ContractTemplatesRepository,
        ContractEnvelopesRepository,
        ContractTemplates,
        ContractEnvelopes,
        ContractSigning,
        ContractDownloads,
        eventRelayProvider({ service: 'compliance', store: COMPLIANCE_EVENTS }),
      ],
    };
  }
}

export const complianceService: ServiceDefinition<typeof complianceSettingsSchema> = {
  name: 'compliance',
  settings: complianceSettingsSchema,
  module: (context, settings) => ComplianceModule.forRuntime(context, settings),
};
