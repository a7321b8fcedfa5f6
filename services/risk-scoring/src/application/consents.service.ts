import { randomBytes, randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import {
  DomainError,
  type CreateRiskConsentCommand,
  type RiskConsentPublicView,
  type RiskConsentResource,
} from '@platform/contracts';
import type { PgEventStore } from '@platform/event-store';
import { withTransaction } from '@platform/persistence';
import { CONSENT_TTL_MS, decide, statusAt, type ConsentDecision } from '../domain/consents/consent';
import { parsePurpose } from '../domain/subjects/purpose';
import { requireSubject, subjectIdOf } from '../domain/subjects/subject';
import type { ConsentRow, ConsentStore } from '../infrastructure/consents.repository';
import { consentStream } from '../infrastructure/risk-events';
import type { AccountStanding } from './account-standing';

const TOKEN_BYTES = 24;

interface ConsentRef {
  account_id: string;
  consent_id: string;
  base_url: string;
}
/** The public page of a consent link (served by the gateway's verify module). */
export const CONSENT_PAGE_PATH = '/consent/qscore';

/**
 * Consent links (spec §3, decisions D10): an account asks a subject; the holder authorizes or
 * declines on the public page (by its unguessable token); the account may revoke a pending
 * link. A decided link answers 409 `already_decided`; a pending one expires after 7 days.
 */
export class ConsentsService {
  constructor(
    private readonly pool: Pool,
    private readonly consents: ConsentStore,
    private readonly standing: AccountStanding,
    private readonly events: PgEventStore,
  ) {}

  async create(command: CreateRiskConsentCommand): Promise<RiskConsentResource> {
    const subject = requireSubject(command);
    const purpose = parsePurpose(command.purpose);
    const created_at = new Date();
    const consent: ConsentRow = {
      consent_id: randomUUID(),
      account_id: command.account_id,
      org_id: command.org_id,
      token: randomBytes(TOKEN_BYTES).toString('base64url'),
      subject_id: subjectIdOf(subject),
      ...subject,
      purpose,
      status: 'pending',
      previous_status: null,
      created_at,
      expires_at: new Date(created_at.getTime() + CONSENT_TTL_MS),
      decided_at: null,
      revoked_at: null,
    };
    await this.consents.insert(consent);
    return this.resource(consent, command.base_url);
  }

  async get(ref: ConsentRef): Promise<RiskConsentResource> {
    const consent = await this.consents.get(ref.account_id, ref.consent_id);
    if (!consent) throw new DomainError('not_found', 'no such consent link');
    return this.resource(consent, ref.base_url);
  }

  async list(account_id: string, limit: number, offset: number, base_url: string) {
    const rows = await this.consents.list(account_id, limit, offset);
    return { consents: rows.map((row) => this.resource(row, base_url)) };
  }

  async revoke(ref: ConsentRef): Promise<RiskConsentResource> {
    const decided = await this.decideLink(ref, 'revoke');
    return this.resource(decided, ref.base_url);
  }

  /** The link behind a public token, as its holder sees it; an unknown token is `not_found`. */
  async view(token: string): Promise<RiskConsentPublicView> {
    const consent = await this.consents.byToken(token);
    if (!consent) throw new DomainError('not_found', 'no such consent link');
    return this.publicView(consent);
  }

  async authorize(token: string): Promise<RiskConsentPublicView> {
    return this.publicView(await this.decideLink({ token }, 'authorize'));
  }

  async decline(token: string): Promise<RiskConsentPublicView> {
    return this.publicView(await this.decideLink({ token }, 'decline'));
  }

  private async decideLink(
    key: { account_id: string; consent_id: string } | { token: string },
    decision: ConsentDecision,
  ): Promise<ConsentRow> {
    return withTransaction(this.pool, async (client) => {
      const consent = await this.consents.lock(client, key);
      if (!consent) throw new DomainError('not_found', 'no such consent link');
      const now = new Date();
      const status = decide(consent, decision, now);
      const decided = await this.consents.setStatus(client, consent, status, now);
      await this.events.appendInTransaction(
        client,
        consentStream(decided.consent_id),
        [
          {
            type:
              status === 'granted'
                ? 'risk-scoring.consent_granted'
                : 'risk-scoring.consent_revoked',
            data: {
              consent_id: decided.consent_id,
              account_id: decided.account_id,
              subject_id: decided.subject_id,
              country: decided.country,
              doc_id: decided.doc_id,
              subject_type: decided.subject_type,
              purpose: decided.purpose,
              status: decided.status,
              previous_status: decided.previous_status,
              revoked_at: decided.revoked_at?.toISOString() ?? null,
            },
            org_id: decided.org_id,
            account_id: decided.account_id,
          },
        ],
        { expected_version: 'any' },
      );
      return decided;
    });
  }

  private resource(consent: ConsentRow, base_url: string): RiskConsentResource {
    const status = statusAt(consent, new Date());
    return {
      consent_id: consent.consent_id,
      subject_id: consent.subject_id,
      country: consent.country,
      doc_id: consent.doc_id,
      subject_type: consent.subject_type,
      purpose: consent.purpose,
      status,
      previous_status: status === consent.status ? consent.previous_status : consent.status,
      url: `${base_url.replace(/\/+$/, '')}${CONSENT_PAGE_PATH}/${consent.token}`,
      created_at: consent.created_at.toISOString(),
      expires_at: consent.expires_at.toISOString(),
      decided_at: consent.decided_at?.toISOString() ?? null,
      revoked_at: consent.revoked_at?.toISOString() ?? null,
    };
  }

  private async publicView(consent: ConsentRow): Promise<RiskConsentPublicView> {
    const { url: _url, ...view } = this.resource(consent, '');
    return { ...view, requester_name: await this.standing.displayName(consent.account_id) };
  }
}
