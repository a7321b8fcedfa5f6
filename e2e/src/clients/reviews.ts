import { http, json, type Target } from './http';
import type { TestAccount } from './accounts';

/** A firewall review as `GET /v1/reviews/{id}` shows it (decisions D8). */
export interface ReviewBody {
  review_id: string;
  operation: { kind: string; id: string };
  status: 'in_review' | 'info_requested' | 'released' | 'rejected';
  files: { file_id: string; filename: string; content_type: string; size_bytes: number }[];
  approvals: { reviewer: 'operator' | 'organization'; approved_at: string }[];
  requested_info: { question: string; answer: string | null }[];
  created_at: string;
}

export interface ReviewDecision {
  decision: 'approve' | 'reject' | 'request_info';
  comment?: string;
}

/** The firewall review routes: the account's, an organization admin's and the operator's. */
export function reviewsClient(target: Target) {
  const client = http(target);
  const as = (account: Pick<TestAccount, 'headers'>) => ({ headers: account.headers });

  const list = (account: Pick<TestAccount, 'headers'>, query = '') =>
    client.request('GET', `/v1/reviews${query}`, as(account));

  const get = (account: Pick<TestAccount, 'headers'>, review_id: string) =>
    client.request('GET', `/v1/reviews/${review_id}`, as(account));

  const read = async (account: Pick<TestAccount, 'headers'>, review_id: string) =>
    json<ReviewBody>(await get(account, review_id), 200);

  /** One multipart upload in the field `field` (default `file`). */
  const upload = (
    account: Pick<TestAccount, 'headers'>,
    review_id: string,
    file: { bytes: Buffer | string; filename: string; type?: string },
    field = 'file',
  ) => {
    const form = new FormData();
    const bytes = typeof file.bytes === 'string' ? Buffer.from(file.bytes) : file.bytes;
    form.append(
      field,
      new Blob([new Uint8Array(bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.filename,
    );
    return fetch(`${client.base_url}/v1/reviews/${review_id}/files`, {
      method: 'POST',
      headers: account.headers,
      body: form,
    });
  };

  const answer = (account: Pick<TestAccount, 'headers'>, review_id: string, text: string) =>
    client.request('POST', `/v1/reviews/${review_id}/info`, { ...as(account), body: { text } });

  const operatorDecision = (review_id: string, body: ReviewDecision) =>
    client.operator('POST', `/admin/v1/reviews/${review_id}/decision`, body);

  const orgAdminDecision = (token: string, review_id: string, body: ReviewDecision) =>
    client.request('POST', `/v1/org/reviews/${review_id}/decision`, { token, body });

  return { list, get, read, upload, answer, operatorDecision, orgAdminDecision };
}

export type ReviewsClient = ReturnType<typeof reviewsClient>;
