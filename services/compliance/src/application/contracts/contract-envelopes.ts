import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import {
  DomainError,
  IDENTITY_DIRECTORY_QUERIES,
  IdempotencyKey,
  type ContractEnvelopeResource,
  type CreateContractEnvelopeCommand,
  type ListContractEnvelopesCommand,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { withTransaction } from '@platform/persistence';
import { SERVICE_POOL } from '@platform/runtime';
import { fieldValuesFor, fillTemplate } from '../../domain/contracts/contract-template';
import { execute } from '../../domain/contracts/envelope-decide';
import type { EnvelopeState } from '../../domain/contracts/envelope-state';
import { envelopeResourceOf } from '../../domain/contracts/envelope-views';
import { ContractEnvelopesRepository } from '../../infrastructure/contracts/contract-envelopes.repository';
import { ContractTemplatesRepository } from '../../infrastructure/contracts/contract-templates.repository';
import { replayOf, requestHashOf } from './contract-idempotency';

/**
 * Contract envelopes (decisions D11): an organization admin fills a template for one of the
 * organization's accounts; the account reads its envelopes.
 */
@Injectable()
export class ContractEnvelopes {
  constructor(
    @Inject(SERVICE_POOL) private readonly pool: Pool,
    private readonly bus: BusClient,
    private readonly templates: ContractTemplatesRepository,
    private readonly envelopes: ContractEnvelopesRepository,
  ) {}

  /**
   * Refusals, in order: an unknown template or an account of another organization is
   * `not_found`; a superseded version `contract_template_superseded`; missing or unknown fields
   * `contract_unfillable`.
   */
  async create(command: CreateContractEnvelopeCommand): Promise<ContractEnvelopeResource> {
    const key = IdempotencyKey.parse(command.idempotency_key);
    const request_hash = requestHashOf({
      account_id: command.account_id,
      template: command.template,
      fields: command.fields,
    });
    if (key) {
      const stored = await this.replay(command.org_id, key, request_hash);
      if (stored) return stored;
    }
    const template = await this.templates.resolve(command.org_id, command.template);
    if (!template) throw new DomainError('not_found', 'no such contract template');
    const { matches } = await this.bus.send(IDENTITY_DIRECTORY_QUERIES.resolve_recipient, {
      org_id: command.org_id,
      account_id: command.account_id,
    });
    if (!matches.some((match) => match.account_id === command.account_id))
      throw new DomainError('not_found', 'no such account in the organization');
    if (template.superseded)
      throw new DomainError(
        'contract_template_superseded',
        'a newer version of the template replaced this one',
      );
    const fields = fieldValuesFor(template.fields, command.fields);
    const { state } = execute(
      {
        type: 'create',
        data: {
          envelope_id: randomUUID(),
          org_id: command.org_id,
          account_id: command.account_id,
          template_id: template.template_id,
          template_name: template.name,
          template_version: template.version,
          title: template.title,
          body: fillTemplate(template.body, fields),
          fields,
          sent_by: `org_admin:${command.admin_id}`,
          now: new Date().toISOString(),
        },
      },
      null,
    );
    if (!state) throw new Error('creating an envelope decided nothing');
    const inserted = await withTransaction(this.pool, (client) =>
      this.envelopes.insert(client, state, { key, request_hash }),
    );
    if (!inserted && key) {
      const raced = await this.replay(command.org_id, key, request_hash);
      if (raced) return raced;
    }
    return envelopeResourceOf(state);
  }

  async list(command: ListContractEnvelopesCommand): Promise<{
    envelopes: ContractEnvelopeResource[];
  }> {
    const states = await this.envelopes.list(command.account_id, command.limit, command.offset);
    return { envelopes: states.map(envelopeResourceOf) };
  }

  async get(account_id: string, envelope_id: string): Promise<ContractEnvelopeResource> {
    return envelopeResourceOf(await this.read(account_id, envelope_id));
  }

  /** The account's envelope; another account's or an unknown one is `not_found` (BOLA). */
  async read(account_id: string, envelope_id: string): Promise<EnvelopeState> {
    const state = await this.envelopes.read(account_id, envelope_id);
    if (!state) throw new DomainError('not_found', 'no such envelope');
    return state;
  }

  private async replay(
    org_id: string,
    key: string,
    request_hash: string,
  ): Promise<ContractEnvelopeResource | null> {
    const stored = await this.envelopes.findByKey(org_id, key);
    if (!stored) return null;
    const state = replayOf(stored.state, stored.request_hash, request_hash);
    return envelopeResourceOf(state);
  }
}
