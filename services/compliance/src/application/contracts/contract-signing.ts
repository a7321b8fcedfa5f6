import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import {
  ACCOUNT_COMMANDS,
  DomainError,
  IDENTITY_DIRECTORY_QUERIES,
  type PublicContractVerification,
  type SignContractCommand,
  type SignedContractReply,
} from '@platform/contracts';
import type { PgEventStore } from '@platform/event-store';
import { BusClient } from '@platform/messaging';
import type { ObjectStorage, TransferArea } from '@platform/object-storage';
import { withTransaction } from '@platform/persistence';
import { SERVICE_POOL, TRANSFER_AREA } from '@platform/runtime';
import { assertSignable, execute, maskedName } from '../../domain/contracts/envelope-decide';
import type { EnvelopeSignature, EnvelopeState } from '../../domain/contracts/envelope-state';
import { contractVerifyUrl } from '../../domain/contracts/envelope-views';
import { localSigningTime } from '../../domain/contracts/signing-time';
import { COMPLIANCE_EVENTS } from '../../infrastructure/compliance-events';
import { ContractEnvelopesRepository } from '../../infrastructure/contracts/contract-envelopes.repository';
import { ContractTemplatesRepository } from '../../infrastructure/contracts/contract-templates.repository';
import { VERIFICATION_DOCUMENTS } from '../../infrastructure/document-storage';
import { ContractEnvelopes } from './contract-envelopes';
import { renderEnvelopePdf } from './contract-pdfs';
import { signaturePngOf } from './signature-image';

/** Crockford's Base32 (no I, L, O, U): a code read aloud or typed is not mistaken. */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A fresh public verification code: `CTR-` and 12 random Base32 characters (60 bits). */
function newVerificationCode(): string {
  const bytes = randomBytes(12);
  return `CTR-${[...bytes].map((byte) => CODE_ALPHABET[byte % 32]).join('')}`;
}

export const contractStream = (envelope_id: string): string => `contract-envelope-${envelope_id}`;

/**
 * Signing (decisions D11): the account signs its envelope with a drawn signature and explicit
 * consent. The signed PDF (text, fields, signature, signer, time, code) is rendered and stored
 * first; the envelope, its code and the PDF's hash, and the `compliance.contract_signed` event
 * (outbox) are then committed together. A losing concurrent signer gets `duplicate`, and the PDF
 * it stored is removed.
 */
@Injectable()
export class ContractSigning {
  constructor(
    @Inject(SERVICE_POOL) private readonly pool: Pool,
    @Inject(COMPLIANCE_EVENTS) private readonly events: PgEventStore,
    @Inject(VERIFICATION_DOCUMENTS) private readonly storage: ObjectStorage,
    @Inject(TRANSFER_AREA) private readonly transfers: TransferArea,
    private readonly bus: BusClient,
    private readonly envelopes: ContractEnvelopes,
    private readonly repository: ContractEnvelopesRepository,
    private readonly templates: ContractTemplatesRepository,
  ) {}

  async sign(command: SignContractCommand): Promise<SignedContractReply> {
    const current = await this.envelopes.read(command.account_id, command.envelope_id);
    assertSignable(current, {
      consent: command.consent,
      template_superseded: await this.templates.isSuperseded(this.pool, current.template_id),
    });
    const png = signaturePngOf((await this.transfers.take(command.signature_key)).toString('utf8'));
    const [profile, org] = await Promise.all([
      this.bus.send(ACCOUNT_COMMANDS.get_profile, { account_id: current.account_id }),
      this.bus.send(IDENTITY_DIRECTORY_QUERIES.get_org_settings, { org_id: current.org_id }),
    ]);
    const code = newVerificationCode();
    const signed_at = new Date().toISOString();
    const verify_url = contractVerifyUrl(command.base_url, code);
    const template = await this.templates.resolve(current.org_id, current.template_id);
    const pdf = await renderEnvelopePdf(current, template?.fields ?? [], {
      png,
      signer_name: profile.display_name,
      signer_email: profile.email,
      signed_at_text: localSigningTime(signed_at, org.timezone),
      code,
      verify_url,
    });
    const signature: EnvelopeSignature = {
      signed_at,
      signer_name: profile.display_name,
      signer_email: profile.email,
      code,
      sha256: createHash('sha256').update(pdf).digest('hex'),
      pdf_key: `contracts/${current.account_id}/${current.envelope_id}/${code}.pdf`,
    };
    await this.storage.put(signature.pdf_key, pdf, { content_type: 'application/pdf' });
    try {
      await withTransaction(this.pool, (client) => this.save(client, command, signature));
    } catch (error) {
      await this.storage.delete(signature.pdf_key).catch(() => undefined);
      throw error;
    }
    return {
      envelope_id: current.envelope_id,
      code,
      verify_url,
      sha256: signature.sha256,
      signed_at,
    };
  }

  /** The public verification of a signed contract; an unknown code is `not_found`. */
  async verify(code: string): Promise<PublicContractVerification> {
    const state = await this.repository.findByCode(code.trim().toUpperCase());
    if (!state?.signature) throw new DomainError('not_found', 'no signed contract has this code');
    return {
      code: state.signature.code,
      status: 'signed',
      title: state.title,
      signed_at: state.signature.signed_at,
      sha256: state.signature.sha256,
      signer: maskedName(state.signature.signer_name),
    };
  }

  private async save(
    client: PoolClient,
    command: SignContractCommand,
    signature: EnvelopeSignature,
  ): Promise<EnvelopeState> {
    const locked = await this.repository.lock(client, command.account_id, command.envelope_id);
    if (!locked) throw new DomainError('not_found', 'no such envelope');
    const { state } = execute(
      {
        type: 'sign',
        data: {
          consent: command.consent,
          template_superseded: await this.templates.isSuperseded(client, locked.template_id),
          signature,
        },
      },
      locked,
    );
    if (!state) throw new Error('signing decided nothing');
    await this.repository.save(client, state);
    await this.events.appendInTransaction(
      client,
      contractStream(state.envelope_id),
      [
        {
          type: 'compliance.contract_signed',
          data: {
            envelope_id: state.envelope_id,
            account_id: state.account_id,
            template_id: state.template_id,
            template_name: state.template_name,
            template_version: state.template_version,
            code: signature.code,
            sha256: signature.sha256,
            signed_at: signature.signed_at,
          },
          org_id: state.org_id,
          account_id: state.account_id,
        },
      ],
      { expected_version: 'any' },
    );
    return state;
  }
}
