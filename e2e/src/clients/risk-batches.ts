import { openAccount, type TestAccount } from './accounts';
import { bearer, eventually, http, json, type Target } from './http';

export interface RiskBatch {
  batch_id: string;
  status: 'queued' | 'processing' | 'completed' | 'failed';
  processed: number;
  total: number;
  purpose: string;
  source: 'json' | 'csv';
  counts: Record<string, number>;
  created_at: string;
  completed_at: string | null;
}

export interface RiskBatchItem {
  position: number;
  country: string;
  doc_id: string;
  subject_type: string;
  status: string;
  score: number | null;
  band: string | null;
  report_id: string | null;
  error: string | null;
  reason: string | null;
}

/** Credit-scoring batches over HTTP (decisions D10). */
export function riskBatchesClient(target: Target) {
  const client = http(target);
  const { request } = client;

  const create = (account: TestAccount, body: unknown, headers: Record<string, string> = {}) =>
    request('POST', '/v1/qscore/batches', { token: account.access_token, body, headers });

  /** A CSV (or any bytes) sent as the multipart field `file`, with optional text fields. */
  const upload = (
    account: TestAccount,
    file: string | Uint8Array,
    fields: Record<string, string> = {},
    filename = 'subjects.csv',
  ) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([file], { type: 'text/csv' }), filename);
    return fetch(`${client.base_url}/v1/qscore/batches`, {
      method: 'POST',
      headers: bearer(account.access_token),
      body: form,
    });
  };

  const get = (account: TestAccount, batch_id: string) =>
    request('GET', `/v1/qscore/batches/${batch_id}`, { token: account.access_token });

  const items = async (account: TestAccount, batch_id: string, query = '') =>
    (
      await json<{ items: RiskBatchItem[] }>(
        await request('GET', `/v1/qscore/batches/${batch_id}/items${query}`, {
          token: account.access_token,
        }),
        200,
      )
    ).items;

  const results = (account: TestAccount, batch_id: string) =>
    request('GET', `/v1/qscore/batches/${batch_id}/results.csv`, { token: account.access_token });

  const list = async (account: TestAccount) =>
    (
      await json<{ batches: RiskBatch[] }>(
        await request('GET', '/v1/qscore/batches?page_size=100', { token: account.access_token }),
        200,
      )
    ).batches;

  /** The batch once it is completed or failed. */
  const finished = (account: TestAccount, batch_id: string) =>
    eventually(
      async () => json<RiskBatch>(await get(account, batch_id), 200),
      (batch) => batch.status === 'completed' || batch.status === 'failed',
      { attempts: 1200, poll_ms: 50 },
    );

  /** A confirmed sandbox company: approved at confirm, so it may evaluate subjects. */
  const register = (label: string) =>
    openAccount(client, { label, registration: { type: 'company', display_name: 'Bureau Co' } });

  return { request, create, upload, get, items, results, list, finished, register, client };
}
