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

/** A review as its reviewers read it: with the account whose operation it holds. */
export type ReviewerReviewBody = ReviewBody & { account_id: string };

export type ReviewStatus = ReviewBody['status'];

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

  /** `GET .../files/{file_id}` of the account's route. */
  const download = (account: Pick<TestAccount, 'headers'>, review_id: string, file_id: string) =>
    client.request('GET', `/v1/reviews/${review_id}/files/${file_id}`, as(account));

  /** An organization admin's queue; `query` starts with `?`. */
  const orgQueue = (token: string, query = '') =>
    client.request('GET', `/v1/org/reviews${query}`, { token });

  const orgGet = (token: string, review_id: string) =>
    client.request('GET', `/v1/org/reviews/${review_id}`, { token });

  const orgDownload = (token: string, review_id: string, file_id: string) =>
    client.request('GET', `/v1/org/reviews/${review_id}/files/${file_id}`, { token });

  /** The operator's queue, every organization's; `query` starts with `?`. */
  const operatorQueue = (query = '') => client.operator('GET', `/admin/v1/reviews${query}`);

  const operatorGet = (review_id: string) =>
    client.operator('GET', `/admin/v1/reviews/${review_id}`);

  const operatorDownload = (review_id: string, file_id: string) =>
    client.operator('GET', `/admin/v1/reviews/${review_id}/files/${file_id}`);

  const operatorDecision = (review_id: string, body: ReviewDecision) =>
    client.operator('POST', `/admin/v1/reviews/${review_id}/decision`, body);

  const orgAdminDecision = (token: string, review_id: string, body: ReviewDecision) =>
    client.request('POST', `/v1/org/reviews/${review_id}/decision`, { token, body });

  return {
    list,
    get,
    read,
    upload,
    download,
    answer,
    orgQueue,
    orgGet,
    orgDownload,
    operatorQueue,
    operatorGet,
    operatorDownload,
    operatorDecision,
    orgAdminDecision,
  };
}

export type ReviewsClient = ReturnType<typeof reviewsClient>;
