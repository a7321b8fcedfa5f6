import { pdfContentStreams } from './pdf-streams';
import { openAccount, type TestAccount } from './accounts';
import { http, json, type Target } from './http';

/** A company seal as `POST|GET|DELETE /v1/qscore/my-seal` answer it (decisions D10). */
export interface SealBody {
  seal_id: string;
  code: string;
  status: 'valid' | 'revoked' | 'expired';
  verify_url: string;
  badge_url: string;
  json_url: string;
  company_name: string;
  country: string;
  doc_id: string;
  band: string;
  score: number;
  report_id: string;
  evaluated_at: string;
  issued_at: string;
  expires_at: string;
  revoked_at: string | null;
}

type Caller = Pick<TestAccount, 'headers'>;

/**
 * The glyph ids a PDF draws with its embedded (two-byte, CID) fonts: the hex strings of the text
 * operators in its inflated content streams, read four digits at a time. Glyph 0 is the font's
 * "missing character" box, so a document whose every character has a glyph draws no 0.
 */
export function pdfGlyphIds(pdf: Buffer): number[] {
  const glyphs: number[] = [];
  for (const content of pdfContentStreams(pdf)) {
    for (const operator of content.matchAll(/\[(.*?)\]\s*TJ/g))
      for (const [, hex = ''] of operator[1]!.matchAll(/<([0-9a-fA-F]*)>/g))
        if (hex.length % 4 === 0)
          for (let at = 0; at < hex.length; at += 4)
            glyphs.push(parseInt(hex.slice(at, at + 4), 16));
  }
  return glyphs;
}

/** What a person sees of credit scoring: report PDFs, the own report, seals and their pages. */
export function riskPagesClient(target: Target) {
  const client = http(target);

  /** A verified account (the sandbox verifies at confirm) carrying `tax_id` in `country`. */
  const holder = (
    label: string,
    registration: {
      type?: 'person' | 'company';
      tax_id?: string;
      country?: string;
      display_name?: string;
    },
  ) =>
    openAccount(client, {
      label,
      registration: { org: 'demo', locale: 'en', country: 'AR', ...registration },
    });

  const send = (method: string, caller: Caller, route: string) =>
    client.request(method, route, { headers: caller.headers });

  const reportPdf = (caller: Caller, report_id: string, query = '') =>
    send('GET', caller, `/v1/qscore/reports/${encodeURIComponent(report_id)}/pdf${query}`);
  const myReportRaw = (caller: Caller, body?: Record<string, unknown>) =>
    client.request('POST', '/v1/qscore/my-report', { headers: caller.headers, body });
  const myReport = (caller: Caller) => send('GET', caller, '/v1/qscore/my-report');
  const myReportPdf = (caller: Caller, query = '') =>
    send('GET', caller, `/v1/qscore/my-report/pdf${query}`);

  const createSealRaw = (caller: Caller) => send('POST', caller, '/v1/qscore/my-seal');
  const createSeal = async (caller: Caller) => json<SealBody>(await createSealRaw(caller), 201);
  const sealRaw = (caller: Caller) => send('GET', caller, '/v1/qscore/my-seal');
  const revokeSealRaw = (caller: Caller) => send('DELETE', caller, '/v1/qscore/my-seal');

  /** The public routes of a seal: no credential. */
  const publicPath = (url: string) => new URL(url).pathname;
  const verifySeal = (code: string) =>
    client.request('GET', `/v1/verify/qscore/${encodeURIComponent(code)}`);
  const sealPage = (code: string, query = '') =>
    client.request('GET', `/verify/qscore/seal/${encodeURIComponent(code)}${query}`);
  const sealBadge = (code: string, query = '') =>
    client.request('GET', `/verify/qscore/seal/${encodeURIComponent(code)}/badge.svg${query}`);

  return {
    http: client,
    holder,
    reportPdf,
    myReportRaw,
    myReport,
    myReportPdf,
    createSealRaw,
    createSeal,
    sealRaw,
    revokeSealRaw,
    publicPath,
    verifySeal,
    sealPage,
    sealBadge,
  };
}
export type RiskPagesClient = ReturnType<typeof riskPagesClient>;
