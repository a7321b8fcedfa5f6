import { randomBytes, randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import {
  DomainError,
  type MySealCommand,
  type PublicSeal,
  type SealResource,
} from '@platform/contracts';
import { withTransaction } from '@platform/persistence';
import {
  decideSealIssue,
  isSealCode,
  sealCodeOf,
  sealStatusAt,
} from '../../domain/pages/seal-rules';
import type { SealRow, SealsRepository } from '../../infrastructure/pages/seals.repository';
import type { AccountIdentities } from './account-identities';
import type { OwnReports } from './own-reports';

function publicSealOf(row: SealRow, now: Date): PublicSeal {
  return {
    code: row.code,
    status: sealStatusAt(row, now),
    company_name: row.company_name,
    country: row.country,
    doc_id: row.doc_id,
    band: row.band,
    evaluated_at: row.evaluated_at.toISOString(),
    issued_at: row.issued_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    revoked_at: row.revoked_at?.toISOString() ?? null,
  };
}

function sealResourceOf(row: SealRow, base_url: string, now: Date): SealResource {
  const base = base_url.replace(/\/+$/, '');
  return {
    ...publicSealOf(row, now),
    seal_id: row.seal_id,
    report_id: row.report_id,
    score: row.score,
    verify_url: `${base}/verify/qscore/seal/${row.code}`,
    badge_url: `${base}/verify/qscore/seal/${row.code}/badge.svg`,
    json_url: `${base}/v1/verify/qscore/${row.code}`,
  };
}

const noActiveSeal = () => new DomainError('no_active_seal', 'the account shows no seal');

/** Company seals (decisions D10): issue from the latest own report, read, revoke, verify. */
export class Seals {
  constructor(
    private readonly pool: Pool,
    private readonly seals: SealsRepository,
    private readonly own_reports: OwnReports,
    private readonly identities: AccountIdentities,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async create(command: MySealCommand): Promise<{ created: boolean; seal: SealResource }> {
    const identity = await this.identities.of(command.account_id);
    const latest = await this.own_reports.latest(command.account_id);
    const now = this.clock();
    return withTransaction(this.pool, async (client) => {
      const active = await this.seals.active(command.account_id, client);
      const decision = decideSealIssue({
        account_type: identity.type,
        evaluation: latest && {
          report_id: latest.report_id,
          band: latest.band,
          evaluated_at: new Date(latest.evaluated_at),
        },
        active,
        now,
      });
      switch (decision.kind) {
        case 'keep_active':
          return { created: false, seal: sealResourceOf(active!, command.base_url, now) };
        case 'issue': {
          // A newer evaluation replaces the seal of an older one: the old code reads revoked.
          if (active) await this.seals.revoke(client, active.seal_id, now);
          const row = await this.seals.insert(client, {
            seal_id: randomUUID(),
            code: sealCodeOf(randomBytes(8)),
            account_id: command.account_id,
            report_id: latest!.report_id,
            company_name: identity.display_name,
            country: latest!.subject.country,
            doc_id: latest!.subject.doc_id,
            band: latest!.band!,
            score: latest!.score!,
            evaluated_at: new Date(latest!.evaluated_at),
            issued_at: now,
            expires_at: decision.expires_at,
          });
          return { created: true, seal: sealResourceOf(row, command.base_url, now) };
        }
        default: {
          const unhandled: never = decision;
          throw new Error(`unknown seal decision ${JSON.stringify(unhandled)}`);
        }
      }
    });
  }

  async get(command: MySealCommand): Promise<SealResource> {
    const active = await this.seals.active(command.account_id);
    if (!active) throw noActiveSeal();
    return sealResourceOf(active, command.base_url, this.clock());
  }

  async revoke(command: MySealCommand): Promise<SealResource> {
    const now = this.clock();
    const revoked = await withTransaction(this.pool, async (client) => {
      const active = await this.seals.active(command.account_id, client);
      if (!active) throw noActiveSeal();
      return this.seals.revoke(client, active.seal_id, now);
    });
    return sealResourceOf(revoked, command.base_url, now);
  }

  /** A seal by its public code; anything else is `not_found`. */
  async verify(code: string): Promise<PublicSeal> {
    const row = isSealCode(code) ? await this.seals.byCode(code) : null;
    if (!row) throw new DomainError('not_found', 'no such seal');
    return publicSealOf(row, this.clock());
  }
}
