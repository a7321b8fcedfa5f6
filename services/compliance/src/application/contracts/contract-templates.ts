import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import {
  IdempotencyKey,
  type ContractTemplateResource,
  type CreateContractTemplateCommand,
  type ListContractTemplatesCommand,
} from '@platform/contracts';
import { withTransaction } from '@platform/persistence';
import { SERVICE_POOL } from '@platform/runtime';
import {
  checkTemplate,
  type ContractTemplateDraft,
} from '../../domain/contracts/contract-template';
import {
  ContractTemplatesRepository,
  type TemplateRow,
} from '../../infrastructure/contracts/contract-templates.repository';
import { replayOf, requestHashOf } from './contract-idempotency';

export function templateResourceOf(row: TemplateRow): ContractTemplateResource {
  return {
    template_id: row.template_id,
    name: row.name,
    version: row.version,
    status: row.superseded ? 'superseded' : 'active',
    title: row.title,
    body: row.body,
    fields: row.fields.map(({ name, label, required }) => ({ name, label, required })),
    created_at: row.created_at,
  };
}

/**
 * Organization admins' contract templates (decisions D11): saving a name again makes its next
 * version, which supersedes the earlier ones.
 */
@Injectable()
export class ContractTemplates {
  constructor(
    @Inject(SERVICE_POOL) private readonly pool: Pool,
    private readonly templates: ContractTemplatesRepository,
  ) {}

  async create(command: CreateContractTemplateCommand): Promise<ContractTemplateResource> {
    const key = IdempotencyKey.parse(command.idempotency_key);
    const draft: ContractTemplateDraft = {
      name: command.name,
      title: command.title,
      body: command.body,
      fields: command.fields,
    };
    checkTemplate(draft);
    const request_hash = requestHashOf(draft);
    if (key) {
      const stored = await this.replay(command.org_id, key, request_hash);
      if (stored) return stored;
    }
    const template_id = randomUUID();
    const inserted = await withTransaction(this.pool, (client) =>
      this.templates.insertNextVersion(client, {
        template_id,
        org_id: command.org_id,
        draft,
        created_by: `org_admin:${command.admin_id}`,
        idempotency_key: key,
        request_hash,
        now: new Date().toISOString(),
      }),
    );
    if (!inserted && key) {
      const raced = await this.replay(command.org_id, key, request_hash);
      if (raced) return raced;
    }
    const row = await this.templates.resolve(command.org_id, template_id);
    if (!row) throw new Error('template vanished after it was saved');
    return templateResourceOf(row);
  }

  async list(command: ListContractTemplatesCommand): Promise<{
    templates: ContractTemplateResource[];
  }> {
    const rows = await this.templates.list(command.org_id, command.limit, command.offset);
    return { templates: rows.map(templateResourceOf) };
  }

  private async replay(org_id: string, key: string, request_hash: string) {
    const stored = await this.templates.findByKey(org_id, key);
    if (!stored) return null;
    return templateResourceOf(replayOf(stored, stored.request_hash, request_hash));
  }
}
