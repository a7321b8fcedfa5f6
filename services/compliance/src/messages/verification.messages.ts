import { Controller } from '@nestjs/common';
import {
  VERIFICATION_COMMANDS,
  type DecideVerificationCommand,
  type IssueVerificationLinkCommand,
  type ListVerificationsCommand,
  type OnboardingDocumentUpload,
  type OnboardingIdentityBody,
  type PlatformLocale,
  type ReopenVerificationCommand,
} from '@platform/contracts';
import { Handles } from '@platform/messaging';
import { Onboarding } from '../application/onboarding';
import { SelfVerification } from '../application/self-verification';
import { VerificationReport } from '../application/verification-report';
import { VerificationReviews } from '../application/verification-reviews';

/** Compliance's door for identity verification (decisions D8). */
@Controller()
export class VerificationMessages {
  constructor(
    private readonly self: SelfVerification,
    private readonly onboarding: Onboarding,
    private readonly reviews: VerificationReviews,
    private readonly report: VerificationReport,
  ) {}

  @Handles(VERIFICATION_COMMANDS.get_verification)
  view(query: { account_id: string }) {
    return this.self.view(query.account_id);
  }

  @Handles(VERIFICATION_COMMANDS.issue_link)
  issueLink(command: IssueVerificationLinkCommand) {
    return this.self.issueLink(command);
  }

  @Handles(VERIFICATION_COMMANDS.get_onboarding)
  onboardingView(query: { token: string }) {
    return this.onboarding.view(query.token);
  }

  @Handles(VERIFICATION_COMMANDS.submit_identity)
  submitIdentity(command: { token: string; identity: OnboardingIdentityBody }) {
    return this.onboarding.enterIdentity(command.token, command.identity);
  }

  @Handles(VERIFICATION_COMMANDS.upload_document)
  uploadDocument(command: { token: string; document: OnboardingDocumentUpload }) {
    return this.onboarding.uploadDocument(command.token, command.document);
  }

  @Handles(VERIFICATION_COMMANDS.complete_liveness)
  completeLiveness(command: { token: string; selfie_key: string }) {
    return this.onboarding.completeLiveness(command.token, command.selfie_key);
  }

  @Handles(VERIFICATION_COMMANDS.finish)
  finish(command: { token: string }) {
    return this.onboarding.finish(command.token);
  }

  @Handles(VERIFICATION_COMMANDS.list)
  list(query: ListVerificationsCommand) {
    return this.reviews.list(query);
  }

  @Handles(VERIFICATION_COMMANDS.decide)
  decide(command: DecideVerificationCommand) {
    return this.reviews.decide(command);
  }

  @Handles(VERIFICATION_COMMANDS.reopen)
  reopen(command: ReopenVerificationCommand) {
    return this.reviews.reopen(command);
  }

  @Handles(VERIFICATION_COMMANDS.report)
  reportData(query: { account_id: string }) {
    return this.report.data(query.account_id);
  }

  @Handles(VERIFICATION_COMMANDS.report_pdf)
  reportPdf(query: { account_id: string; locale: PlatformLocale }) {
    return this.report.pdf(query.account_id, query.locale);
  }
}
