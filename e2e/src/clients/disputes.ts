import { cardPayin, payinsClient } from './payins';
import { DELIVERY_WAIT, eventsClient } from './events';
import { bearer, eventually, type Target } from './http';

/** A dispute as `GET /v1/disputes/{id}` answers it. */
export interface DisputeRead {
  dispute_id: string;
  payin_id: string;
  amount: string;
  currency: string;
  reason: string;
  status: 'needs_response' | 'under_review' | 'won' | 'lost';
  respond_by: string;
  evidence: {
    text: string;
    files: { file_id: string; filename: string; content_type: string; size_bytes: number }[];
    submitted_at: string;
  } | null;
  created_at: string;
  updated_at: string;
}

interface Bearer {
  access_token: string;
}

/** Payment disputes on card payins (decisions D8) over HTTP. */
export function disputesClient(target: Target) {
  const payins = payinsClient(target);
  const events = eventsClient(target);
  const { request } = payins;

  /** A card payin of `amount` USD the payer paid on the hosted page, once credited. */
  const creditedCardPayin = async (account: Bearer, amount: string): Promise<string> => {
    const created = await payins.create(account, cardPayin({ amount }));
    if (created.status !== 201) throw new Error(`card payin ${created.status}: ${created.text}`);
    const paid = await payins.submitCardPage(created.body.payment_url);
    if (paid.status !== 200) throw new Error(`card page ${paid.status}: ${paid.text}`);
    await payins.awaitPayin(account, created.body.payin_id, (p) => p.status === 'credited');
    return created.body.payin_id as string;
  };

  const list = (account: Bearer, query = '') =>
    request<{ disputes: DisputeRead[]; error?: string }>('GET', `/v1/disputes${query}`, {
      token: account.access_token,
    });

  const get = (account: Bearer, dispute_id: string) =>
    request<DisputeRead & { error?: string }>('GET', `/v1/disputes/${dispute_id}`, {
      token: account.access_token,
    });

  const submitEvidence = (account: Bearer, dispute_id: string, body: unknown) =>
    request<DisputeRead & { error?: string }>('POST', `/v1/disputes/${dispute_id}/evidence`, {
      token: account.access_token,
      body,
    });

  /** Evidence as `multipart/form-data`: the field `text` (when given) and files in `file`. */
  const submitEvidenceFiles = async (
    account: Bearer,
    dispute_id: string,
    evidence: { text?: string; files: { bytes: Buffer; filename: string; type?: string }[] },
  ) => {
    const form = new FormData();
    if (evidence.text !== undefined) form.append('text', evidence.text);
    for (const file of evidence.files) {
      const blob = new Blob([new Uint8Array(file.bytes)], {
        type: file.type ?? 'application/octet-stream',
      });
      form.append('file', blob, file.filename);
    }
    const response = await fetch(`${payins.base_url}/v1/disputes/${dispute_id}/evidence`, {
      method: 'POST',
      headers: bearer(account.access_token),
      body: form,
    });
    const text = await response.text();
    let body: (DisputeRead & { error?: string }) | null = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    return { status: response.status, body: body!, text };
  };

  /** `GET /v1/disputes/{id}/files/{file_id}`, the response as it came. */
  const download = (account: Bearer, dispute_id: string, file_id: string) =>
    fetch(`${payins.base_url}/v1/disputes/${dispute_id}/files/${file_id}`, {
      headers: bearer(account.access_token),
    });

  /** The payin's dispute once the sandbox has opened it. */
  const awaitDisputeOf = async (account: Bearer, payin_id: string): Promise<DisputeRead> => {
    const page = await eventually(
      () => list(account, '?page_size=100'),
      (answer) => answer.body.disputes?.some((d) => d.payin_id === payin_id) ?? false,
      DELIVERY_WAIT,
    );
    return page.body.disputes.find((d) => d.payin_id === payin_id)!;
  };

  /** The dispute once `done` holds. */
  const awaitDispute = async (
    account: Bearer,
    dispute_id: string,
    done: (dispute: DisputeRead) => boolean,
  ): Promise<DisputeRead> =>
    (
      await eventually(
        () => get(account, dispute_id),
        (answer) => done(answer.body),
        DELIVERY_WAIT,
      )
    ).body;

  /** `{available, held}` of an asset as `GET /v1/balances` shows it. */
  const balanceOf = async (account: Bearer, asset: string) => {
    const { body } = await request<{
      balances: { asset: string; available: string; held: string }[];
    }>('GET', '/v1/balances', { token: account.access_token });
    const row = body.balances.find((balance) => balance.asset === asset);
    return { available: row?.available ?? 'missing', held: row?.held ?? 'missing' };
  };

  /** The `dispute_status_changed` statuses of a dispute in `GET /v1/events`, oldest first. */
  const statusEvents = (account: Bearer, dispute_id: string, count: number) =>
    eventually(
      async () =>
        (await events.listed(account.access_token, '?types=dispute_status_changed&page_size=100'))
          .filter((event) => event.data.dispute_id === dispute_id)
          .map(({ type, data }) => ({ type, data }))
          .reverse(),
      (listed) => listed.length >= count,
      DELIVERY_WAIT,
    );

  return {
    ...payins,
    creditedCardPayin,
    list,
    get,
    submitEvidence,
    submitEvidenceFiles,
    download,
    awaitDisputeOf,
    awaitDispute,
    balanceOf,
    statusEvents,
  };
}

export type DisputesClient = ReturnType<typeof disputesClient>;
