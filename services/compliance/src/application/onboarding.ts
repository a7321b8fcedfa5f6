import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  IDENTITY_VERIFICATION_COMMANDS,
  type OnboardingDocumentUpload,
  type OnboardingIdentityBody,
  type OnboardingView,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import type { ObjectStorage, TransferArea } from '@platform/object-storage';
import { TRANSFER_AREA } from '@platform/runtime';
import { COMPLIANCE_SETTINGS, type ComplianceSettings } from '../compliance.settings';
import { checkDocument } from '../domain/document-checks';
import { decide } from '../domain/verification-decide';
import type { VerificationCommand } from '../domain/verification-events';
import { parseOnboardingIdentity } from '../domain/onboarding-identity';
import type { StoredDocument, VerificationState } from '../domain/verification-state';
import { onboardingViewOf } from '../domain/verification-views';
import { documentKey, VERIFICATION_DOCUMENTS } from '../infrastructure/document-storage';
import { VerificationsRepository, type LinkRow } from '../infrastructure/verifications.repository';
import { tokenHash } from './link-tokens';
import { VerificationWriter } from './verification-writer';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Strict base64 (a data URL's prefix allowed): anything else is not a file. */
export function decodeBase64(text: string): Buffer {
  const payload = text.replace(/^data:[\w/+.-]+;base64,/, '').replace(/\s+/g, '');
  if (payload.length % 4 !== 0 || !BASE64.test(payload))
    throw new DomainError('invalid_document_file', 'the file must be base64 encoded');
  return Buffer.from(payload, 'base64');
}

/**
 * The hosted onboarding page's API: the token in the path is the capability. The person enters
 * identity data, uploads documents and takes a liveness step, then submits.
 */
@Injectable()
export class Onboarding {
  constructor(
    @Inject(COMPLIANCE_SETTINGS) private readonly settings: ComplianceSettings,
    @Inject(VERIFICATION_DOCUMENTS) private readonly storage: ObjectStorage,
    @Inject(TRANSFER_AREA) private readonly transfers: TransferArea,
    private readonly bus: BusClient,
    private readonly verifications: VerificationsRepository,
    private readonly writer: VerificationWriter,
  ) {}

  async view(token: string): Promise<OnboardingView> {
    const link = await this.linkOf(token);
    const state = await this.verifications.read(link.account_id);
    if (!state) throw new DomainError('not_found', 'verification link not found');
    return this.render(state, link);
  }

  async enterIdentity(token: string, body: OnboardingIdentityBody): Promise<OnboardingView> {
    const link = await this.linkOf(token);
    const { state } = await this.writeOnLink(link, (current) => {
      const parsed = parseOnboardingIdentity(current.kind, body, new Date());
      return { type: 'enter_identity', data: { ...parsed, now: new Date().toISOString() } };
    });
    return this.render(state, link);
  }

  async uploadDocument(token: string, body: OnboardingDocumentUpload) {
    const link = await this.linkOf(token);
    const content_base64 = await this.stagedText(body.content_key);
    const content_type = checkDocument(
      decodeBase64(content_base64),
      this.settings.VERIFICATION_DOCUMENT_MAX_BYTES,
    );
    const now = new Date().toISOString();
    const planned: StoredDocument = {
      document_id: randomUUID(),
      category: body.category,
      content_type,
      size_bytes: 0,
      created_at: now,
    };
    await this.precheck(link, { type: 'attach_document', data: { document: planned, now } });
    const document = await this.store(link, planned, content_base64);
    await this.writeOnLink(link, () => ({
      type: 'attach_document',
      data: { document, now: document.created_at },
    }));
    return document;
  }

  async completeLiveness(token: string, selfie_key: string): Promise<OnboardingView> {
    const link = await this.linkOf(token);
    const selfie_base64 = await this.stagedText(selfie_key);
    const content_type = checkDocument(
      decodeBase64(selfie_base64),
      this.settings.VERIFICATION_DOCUMENT_MAX_BYTES,
      ['image/jpeg', 'image/png'],
    );
    const now = new Date().toISOString();
    // Refused before anything is stored: a company, a closed link, a second selfie.
    await this.precheck(link, { type: 'complete_liveness', data: { now } });
    await this.store(
      link,
      {
        document_id: randomUUID(),
        category: 'selfie',
        content_type,
        size_bytes: 0,
        created_at: now,
      },
      selfie_base64,
    );
    const { state } = await this.writeOnLink(link, () => ({
      type: 'complete_liveness',
      data: { now: new Date().toISOString() },
    }));
    return this.render(state, link);
  }

  async finish(token: string): Promise<OnboardingView> {
    const link = await this.linkOf(token);
    const { state } = await this.writeOnLink(link, () => ({
      type: 'finish',
      data: { now: new Date().toISOString() },
    }));
    return this.render(state, link);
  }

  /** The base64 text the gateway staged in the transfer area (files never ride on the bus). */
  private async stagedText(key: string): Promise<string> {
    return (await this.transfers.take(key)).toString('utf8');
  }

  private async linkOf(token: string): Promise<LinkRow> {
    const link = await this.verifications.linkOf(tokenHash(token));
    if (!link) throw new DomainError('not_found', 'verification link not found');
    return link;
  }

  /** A command through a link that is no longer the account's open one is `link_inactive`. */
  private writeOnLink(link: LinkRow, command: (state: VerificationState) => VerificationCommand) {
    return this.writer.write(link.account_id, (state) => {
      if (state.link?.link_id !== link.link_id)
        throw new DomainError('link_inactive', 'this verification link is no longer active');
      return command(state);
    });
  }

  /** The decider's refusal of a command, before a file is stored for it. */
  private async precheck(link: LinkRow, command: VerificationCommand): Promise<void> {
    const state = await this.verifications.read(link.account_id);
    if (!state || state.link?.link_id !== link.link_id)
      throw new DomainError('link_inactive', 'this verification link is no longer active');
    decide(command, state);
  }

  private async store(
    link: LinkRow,
    planned: StoredDocument,
    content_base64: string,
  ): Promise<StoredDocument> {
    const bytes = decodeBase64(content_base64);
    await this.storage.put(documentKey(link.account_id, planned.document_id), bytes, {
      content_type: planned.content_type,
    });
    return { ...planned, size_bytes: bytes.length };
  }

  private async render(state: VerificationState, link: LinkRow): Promise<OnboardingView> {
    const subject = await this.bus.send(IDENTITY_VERIFICATION_COMMANDS.get_subject, {
      account_id: state.account_id,
      member_id: null,
    });
    return onboardingViewOf(state, link.link_id, {
      now: new Date().toISOString(),
      locale: subject.locale,
      organization: subject.org_name,
    });
  }
}
