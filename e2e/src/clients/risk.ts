import { openAccount, type TestAccount } from './accounts';
import { http, json, type Target } from './http';

/** Published document numbers with valid check digits, per country and holder (decisions D10). */
export const RISK_DOC_IDS = {
  ar_person: '20-12345678-6',
  ar_company: '30-50001091-2',
  br_person: '390.533.447-05',
  br_company: '11.222.333/0001-81',
  cl_person: '12.345.678-5',
  mx_person: 'HEGJ820506M13',
  pe_company: '20512333797',
  /** A format-only country's id whose sandbox bureau record has no score (ends `000`). */
  us_no_score: '987654000',
} as const;

export interface RiskReportBody {
  report_id: string;
  account_id: string;
  subject_id: string;
  subject: { country: string; doc_id: string; subject_type: 'person' | 'company' };
  purpose: string;
  consent_id: string | null;
  score: number;
  band: 'A' | 'B' | 'C' | 'D' | 'E';
  factors: Array<{ code: string; impact: number; description: string }>;
  evaluated_at: string;
  idempotency_key?: string;
}

export interface RiskConsentBody {
  consent_id: string;
  subject_id: string;
  country: string;
  doc_id: string;
  subject_type: 'person' | 'company';
  purpose: string;
  status: 'pending' | 'granted' | 'revoked' | 'expired';
  previous_status: string | null;
  url: string;
  created_at: string;
  expires_at: string;
  decided_at: string | null;
  revoked_at: string | null;
}

type Caller = Pick<TestAccount, 'headers'>;

/** The credit scoring routes under /v1/qscore, the sandbox bureau and the public consent link. */
export function riskClient(target: Target) {
  const client = http(target);

  const register = (label = 'risk'): Promise<TestAccount> =>
    openAccount(client, { label, registration: { org: 'demo', locale: 'en' } });

  const post = (
    caller: Caller,
    route: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => client.request('POST', route, { headers: { ...caller.headers, ...headers }, body });
  const get = (caller: Caller, route: string) =>
    client.request('GET', route, { headers: caller.headers });

  const createReportRaw = (caller: Caller, body: unknown, headers?: Record<string, string>) =>
    post(caller, '/v1/qscore/reports', body, headers);
  const createReport = async (caller: Caller, body: Record<string, unknown>) =>
    json<RiskReportBody>(await createReportRaw(caller, body), 201);

  const reportsRaw = (caller: Caller, query = '') => get(caller, `/v1/qscore/reports${query}`);
  const reports = async (caller: Caller, query = '') =>
    json<{ page: number; page_size: number; reports: RiskReportBody[] }>(
      await reportsRaw(caller, query),
      200,
    );
  const reportRaw = (caller: Caller, report_id: string) =>
    get(caller, `/v1/qscore/reports/${encodeURIComponent(report_id)}`);
  const subjectScoreRaw = (caller: Caller, doc_id: string, country?: string) =>
    get(
      caller,
      `/v1/qscore/subjects/${encodeURIComponent(doc_id)}/score${country ? `?country=${country}` : ''}`,
    );

  const createConsentRaw = (caller: Caller, body: unknown) =>
    post(caller, '/v1/qscore/consents', body);
  const createConsent = async (caller: Caller, body: Record<string, unknown>) =>
    json<RiskConsentBody>(await createConsentRaw(caller, body), 201);
  const consentRaw = (caller: Caller, consent_id: string) =>
    get(caller, `/v1/qscore/consents/${encodeURIComponent(consent_id)}`);
  const consents = async (caller: Caller, query = '') =>
    json<{ page: number; page_size: number; consents: RiskConsentBody[] }>(
      await get(caller, `/v1/qscore/consents${query}`),
      200,
    );
  const revokeRaw = (caller: Caller, consent_id: string) =>
    post(caller, `/v1/qscore/consents/${encodeURIComponent(consent_id)}/revoke`);

  /** The token of a consent link's public page, from its `url`. */
  const tokenOf = (consent: Pick<RiskConsentBody, 'url'>) =>
    new URL(consent.url).pathname.split('/').pop()!;
  /** The holder's answer on the public page (no credential). */
  const holderRaw = (consent: Pick<RiskConsentBody, 'url'>, decision: 'authorize' | 'decline') =>
    client.request('POST', `/consent/qscore/${tokenOf(consent)}/${decision}`);
  const holderState = (consent: Pick<RiskConsentBody, 'url'>) =>
    client.request('GET', `/consent/qscore/${tokenOf(consent)}/state`);

  /** A consent link the holder authorized: what a person's report needs. */
  const grantedConsent = async (caller: Caller, body: Record<string, unknown>) => {
    const consent = await createConsent(caller, body);
    await json(await holderRaw(consent, 'authorize'), 200);
    return consent;
  };

  const setBureauScoreRaw = (caller: Caller, doc_id: string, body: unknown) =>
    post(caller, `/v1/sandbox/qscore/subjects/${encodeURIComponent(doc_id)}/score`, body);

  return {
    http: client,
    register,
    createReportRaw,
    createReport,
    reportsRaw,
    reports,
    reportRaw,
    subjectScoreRaw,
    createConsentRaw,
    createConsent,
    consentRaw,
    consents,
    revokeRaw,
    tokenOf,
    holderRaw,
    holderState,
    grantedConsent,
    setBureauScoreRaw,
  };
}
export type RiskClient = ReturnType<typeof riskClient>;
