import { Injectable } from '@nestjs/common';
import { DomainError, type PlatformLocale } from '@platform/contracts';
import { renderReceiptPdf, type ReceiptTone } from '@platform/documents';
import { displayNameOf, verificationSummaryOf } from '../domain/verification-views';
import type { VerificationState } from '../domain/verification-state';
import { REPORT_LABELS } from '../domain/verification-report-labels';
import { VerificationsRepository } from '../infrastructure/verifications.repository';

/** The account's verification report: its latest submission, as data or a localized PDF. */
@Injectable()
export class VerificationReport {
  constructor(private readonly verifications: VerificationsRepository) {}

  async data(account_id: string) {
    const state = await this.submitted(account_id);
    const summary = verificationSummaryOf(state);
    return {
      submission_id: summary.submission_id,
      account_id: state.account_id,
      kind: state.kind,
      status: state.status,
      decision: state.decision,
      risk_band: state.risk_band,
      identity: summary.identity,
      documents: state.documents,
      liveness_completed: state.liveness_completed,
      changes_requested_comments: state.changes_requested_comments,
      submitted_at: state.submitted_at,
      updated_at: summary.updated_at,
    };
  }

  async pdf(account_id: string, locale: PlatformLocale) {
    const state = await this.submitted(account_id);
    const labels = REPORT_LABELS[locale];
    const pdf = await renderReceiptPdf({
      locale,
      document_title: labels.title,
      platform_name: labels.platform,
      issuer_line: labels.issuer,
      title: labels.title,
      status: { text: labels.statuses[state.status], tone: toneOf(state) },
      rows: [
        [labels.submission, state.submission_id ?? ''],
        [labels.kind, labels.kinds[state.kind]],
        [labels.name, displayNameOf(state)],
        [labels.document, state.identity?.doc_id ?? ''],
        [labels.country, state.identity?.country ?? ''],
        ...(state.birth_date ? [[labels.birth_date, state.birth_date] as const] : []),
        [labels.documents, String(state.documents.length)],
        [
          labels.liveness,
          state.kind === 'kyc' ? labels.yes_no[String(state.liveness_completed)] : '—',
        ],
        [labels.risk_band, state.risk_band ? labels.risk_bands[state.risk_band] : '—'],
        [labels.submitted_at, state.submitted_at ?? ''],
        [labels.updated_at, state.updated_at ?? ''],
        ...state.changes_requested_comments.map((comment) => [labels.comment, comment] as const),
      ],
      footer: labels.footer,
    });
    return {
      filename: `verification-${state.submission_id ?? 'report'}.pdf`,
      pdf_base64: pdf.toString('base64'),
    };
  }

  /** No report before the first submission (`verification_not_found`). */
  private async submitted(account_id: string): Promise<VerificationState> {
    const state = await this.verifications.read(account_id);
    if (!state || !state.submitted_at)
      throw new DomainError('verification_not_found', 'no verification was submitted yet');
    return state;
  }
}

function toneOf(state: VerificationState): ReceiptTone {
  switch (state.status) {
    case 'approved':
      return 'success';
    case 'rejected':
      return 'failure';
    case 'pending':
    case 'none':
      return 'pending';
    default: {
      const unhandled: never = state.status;
      throw new Error(`unknown status ${String(unhandled)}`);
    }
  }
}
