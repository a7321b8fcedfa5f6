import { createRiskBatchBody, DomainError, type RiskBatchItemInput } from '@platform/contracts';
import {
  fileOfMultipart,
  idempotencyKeyOf,
  MultipartBody,
  parseOrThrow,
  textOfMultipart,
  type UploadedFile,
} from '../../http';

export const BATCH_MULTIPART_SCHEMA = {
  type: 'object',
  required: ['file'],
  properties: {
    file: {
      type: 'string',
      format: 'binary',
      description: 'a CSV file, header `country,doc_id,subject_type`, at most 1 MB',
    },
    purpose: {
      type: 'string',
      description: 'why the subjects are evaluated; `credit_evaluation` if absent',
    },
    idempotency_key: { type: 'string' },
  },
};

interface BatchRequest {
  fields: {
    items?: RiskBatchItemInput[];
    purpose?: string;
    idempotency_key: string | null;
  };
  file?: UploadedFile;
}

/** A batch request of a JSON body or of a multipart one (its CSV file and text fields). */
export function batchRequestOf(body: unknown, header_key: string | undefined): BatchRequest {
  if (!(body instanceof MultipartBody)) {
    const parsed = parseOrThrow(createRiskBatchBody, body);
    return {
      fields: {
        items: parsed.items,
        ...(parsed.purpose === undefined ? {} : { purpose: parsed.purpose }),
        idempotency_key: idempotencyKeyOf(parsed.idempotency_key, header_key) ?? null,
      },
    };
  }
  const purpose = textOfMultipart(body, 'purpose');
  if (purpose !== undefined && purpose.length > 60)
    throw new DomainError('invalid_purpose', 'purpose is not one of the catalog');
  return {
    fields: {
      ...(purpose === undefined ? {} : { purpose }),
      idempotency_key:
        idempotencyKeyOf(textOfMultipart(body, 'idempotency_key'), header_key) ?? null,
    },
    file: fileOfMultipart(body, 'file'),
  };
}
