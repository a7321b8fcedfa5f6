import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import { SERVICE_POOL } from '@platform/runtime';
import type { ContractTemplateDraft } from '../../domain/contracts/contract-template';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A stored template version, with whether a newer version of its name exists. */
export interface TemplateRow extends ContractTemplateDraft {
  template_id: string;
  org_id: string;
  version: number;
  superseded: boolean;
  request_hash: string | null;
  created_at: string;
}

interface Row {
  template_id: string;
  org_id: string;
  version: number;
  template: ContractTemplateDraft;
  superseded: boolean;
  request_hash: string | null;
  created_at: Date;
}

const SELECT = `select t.template_id, t.org_id, t.version, t.template, t.request_hash, t.created_at,
  exists (select 1 from contract_templates n
           where n.org_id = t.org_id and n.name = t.name and n.version > t.version) as superseded
  from contract_templates t`;

const rowOf = (row: Row): TemplateRow => ({
  ...row.template,
  template_id: row.template_id,
  org_id: row.org_id,
  version: row.version,
  superseded: row.superseded,
  request_hash: row.request_hash,
  created_at: row.created_at.toISOString(),
});

/** The contract_templates table: each version of each organization's templates. */
@Injectable()
export class ContractTemplatesRepository {
  constructor(@Inject(SERVICE_POOL) private readonly pool: Pool) {}

  async list(org_id: string, limit: number, offset: number): Promise<TemplateRow[]> {
    const { rows } = await this.pool.query<Row>(
      `${SELECT} where t.org_id = $1 order by t.created_at desc, t.version desc limit $2 offset $3`,
      [org_id, limit, offset],
    );
    return rows.map(rowOf);
  }

  async findByKey(org_id: string, idempotency_key: string): Promise<TemplateRow | null> {
    const { rows } = await this.pool.query<Row>(
      `${SELECT} where t.org_id = $1 and t.idempotency_key = $2`,
      [org_id, idempotency_key],
    );
    return rows[0] ? rowOf(rows[0]) : null;
  }

  /** A version by its id, or the newest version of a name; null when the org has neither. */
  async resolve(org_id: string, template: string): Promise<TemplateRow | null> {
    const { rows } = UUID.test(template)
      ? await this.pool.query<Row>(`${SELECT} where t.org_id = $1 and t.template_id = $2`, [
          org_id,
          template,
        ])
      : await this.pool.query<Row>(
          `${SELECT} where t.org_id = $1 and t.name = $2 order by t.version desc limit 1`,
          [org_id, template],
        );
    return rows[0] ? rowOf(rows[0]) : null;
  }

  async isSuperseded(client: Pool | PoolClient, template_id: string): Promise<boolean> {
    const { rows } = await client.query<{ superseded: boolean }>(
      `select exists (select 1 from contract_templates t
                        join contract_templates n
                          on n.org_id = t.org_id and n.name = t.name and n.version > t.version
                       where t.template_id = $1) as superseded`,
      [template_id],
    );
    return rows[0]?.superseded ?? false;
  }

  /**
   * Inserts the next version of the draft's name. Versions of one name are numbered under a
   * transaction-scoped advisory lock, so two admins saving at once get 1 and 2, never a clash.
   * Null when the idempotency key was taken meanwhile.
   */
  async insertNextVersion(
    client: PoolClient,
    insert: {
      template_id: string;
      org_id: string;
      draft: ContractTemplateDraft;
      /** Who saved it: `org_admin:<admin_id>`. */
      created_by: string;
      idempotency_key: string | null;
      request_hash: string;
      now: string;
    },
  ): Promise<boolean> {
    await client.query('select pg_advisory_xact_lock(hashtext($1))', [
      `contract-template:${insert.org_id}:${insert.draft.name}`,
    ]);
    const { rowCount } = await client.query(
      `insert into contract_templates (template_id, org_id, name, version, template,
                                       idempotency_key, request_hash, created_at)
       select $1, $2, $3, coalesce(max(version), 0) + 1, $4, $5, $6, $7
         from contract_templates where org_id = $2 and name = $3
       on conflict (org_id, idempotency_key) where idempotency_key is not null do nothing`,
      [
        insert.template_id,
        insert.org_id,
        insert.draft.name,
        JSON.stringify({ ...insert.draft, created_by: insert.created_by }),
        insert.idempotency_key,
        insert.request_hash,
        insert.now,
      ],
    );
    return rowCount === 1;
  }
}
