import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import {
  DomainError,
  type GetPayoutReceiptCommand,
  type ListPayoutsCommand,
  type PayoutDocument,
  type PayoutResource,
  type UploadPayoutDocumentCommand,
} from '@platform/contracts';
import type { TransferArea } from '@platform/object-storage';
import { SERVICE_POOL, TRANSFER_AREA } from '@platform/runtime';
import { publicPayout, type PayoutRecord } from '../domain/payout-record';
import { receiptAvailable } from '../domain/payout-status';
import { LimitsAndDocumentsRepository } from '../infrastructure/limits-and-documents.repository';
import { OtherServices } from '../infrastructure/other-services';
import { PAYOUT_COLUMNS, PayoutsRepository } from '../infrastructure/payouts.repository';
import { renderReceiptPdf } from '../infrastructure/receipt-pdf';

/** Spec §8 firewall files: 50 MB; supporting documents are held to the same bound. */
const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
const DOCUMENT_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
  'text/plain',
  'text/csv',
] as const;

/** Reads of payouts, receipts and supporting documents. */
@Injectable()
export class PayoutQueries {
  constructor(
    @Inject(SERVICE_POOL) private readonly pool: Pool,
    private readonly payouts: PayoutsRepository,
    private readonly documents: LimitsAndDocumentsRepository,
    private readonly services: OtherServices,
    @Inject(TRANSFER_AREA) private readonly transfers: TransferArea,
  ) {}

  async get(account_id: string, payout_id: string): Promise<PayoutResource> {
    return publicPayout(await this.owned(account_id, payout_id));
  }

  /** Newest first; `from`/`to` are dates in the organization's timezone (to inclusive). */
  async list(command: ListPayoutsCommand): Promise<{ payouts: PayoutResource[] }> {
    const timezone =
      (await this.services.organization(command.org_id))?.timezone ?? 'America/New_York';
    const conditions = [`account_id = $1`, `creation = 'created'`];
    const values: unknown[] = [command.account_id];
    const add = (sql: (placeholder: string) => string, value: unknown) => {
      values.push(value);
      conditions.push(sql(`$${values.length}`));
    };
    if (command.status) add((p) => `status = ${p}`, command.status);
    if (command.country) add((p) => `country = ${p}`, command.country);
    if (command.method) add((p) => `method = ${p}`, command.method);
    if (command.search) {
      add(
        (p) =>
          `(payout_id::text ilike ${p} or beneficiary->>'name' ilike ${p} or idempotency_key ilike ${p} or bank_reference ilike ${p})`,
        `%${command.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
      );
    }
    if (command.from || command.to) values.push(timezone);
    const tz = `$${values.length}`;
    if (command.from)
      add((p) => `created_at >= (${p}::date)::timestamp at time zone ${tz}`, command.from);
    if (command.to)
      add((p) => `created_at < (${p}::date + 1)::timestamp at time zone ${tz}`, command.to);
    values.push(command.limit, command.offset);
    const { rows } = await this.pool.query<PayoutRecord>(
      `select ${PAYOUT_COLUMNS} from payouts where ${conditions.join(' and ')}
       order by created_at desc, payout_id desc limit $${values.length - 1} offset $${values.length}`,
      values,
    );
    return { payouts: rows.map(publicPayout) };
  }

  async receipt(
    command: GetPayoutReceiptCommand,
  ): Promise<{ filename: string; pdf_base64: string }> {
    const record = await this.owned(command.account_id, command.payout_id);
    if (!receiptAvailable(record.status_code)) {
      throw new DomainError(
        'receipt_not_available',
        'no receipt while screening is pending or after a failure before any debit',
      );
    }
    const organization = await this.services.organization(record.org_id);
    const pdf = await renderReceiptPdf(record, command.locale, {
      organization_name: organization?.name ?? null,
    });
    return { filename: `payout-${record.payout_id}.pdf`, pdf_base64: pdf.toString('base64') };
  }

  async uploadDocument(command: UploadPayoutDocumentCommand): Promise<PayoutDocument> {
    const { document } = command;
    if (!(DOCUMENT_TYPES as readonly string[]).includes(document.content_type)) {
      throw new DomainError(
        'unsupported_document_type',
        `content_type must be one of ${DOCUMENT_TYPES.join(', ')}`,
      );
    }
    // The base64 text the gateway staged in the transfer area (files never ride on the bus).
    const content_base64 = (await this.transfers.take(document.content_key)).toString('utf8');
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(content_base64)) {
      throw new DomainError('invalid_document_file', 'content_base64 must be base64');
    }
    const content = Buffer.from(content_base64, 'base64');
    if (content.length === 0) throw new DomainError('empty_file', 'the document is empty');
    if (content.length > MAX_DOCUMENT_BYTES) {
      throw new DomainError('file_too_large', 'the document is larger than 10 MB');
    }
    return this.documents.saveDocument({
      document_id: randomUUID(),
      account_id: command.account_id,
      filename: document.filename,
      content_type: document.content_type,
      content,
    });
  }

  private async owned(account_id: string, payout_id: string): Promise<PayoutRecord> {
    const record = /^[0-9a-f-]{36}$/i.test(payout_id) ? await this.payouts.find(payout_id) : null;
    if (!record || record.account_id !== account_id) {
      throw new DomainError('not_found', 'payout not found');
    }
    return record;
  }
}
