import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openAccount, type TestAccount } from './accounts';
import { bearer, http, type Target } from './http';

/** A template version as `/v1/org/contracts/templates` answers it. */
export interface ContractTemplateBody {
  template_id: string;
  name: string;
  version: number;
  status: 'active' | 'superseded';
  title: string;
  body: string;
  fields: { name: string; label: string; required: boolean }[];
  created_at: string;
}

/** An envelope as `/v1/me/contracts/envelopes` and the organization's create answer it. */
export interface ContractEnvelopeBody {
  envelope_id: string;
  account_id: string;
  template_id: string;
  template_name: string;
  template_version: number;
  title: string;
  status: 'pending' | 'signed';
  fields: Record<string, string>;
  created_at: string;
  signed_at: string | null;
  code: string | null;
  sha256: string | null;
}

export interface SignedContractBody {
  envelope_id: string;
  code: string;
  verify_url: string;
  sha256: string;
  signed_at: string;
}

/** A PDF page as pdftoppm draws it: RGB pixels, row by row. */
export interface RenderedPage {
  width: number;
  height: number;
  rgb: Buffer;
  /** The page as a PNG file, kept for a look. */
  png_file: string;
}

type Caller = Pick<TestAccount, 'headers'>;

/** Runs a poppler tool on a PDF in a fresh folder; poppler-utils must be installed. */
function withPdfFile<T>(pdf: Buffer, run: (dir: string, pdf_file: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'contract-pdf-'));
  const pdf_file = path.join(dir, 'contract.pdf');
  writeFileSync(pdf_file, pdf);
  return run(dir, pdf_file);
}

/** The text of a PDF as `pdftotext -layout` extracts it. */
export function pdfToText(pdf: Buffer): string {
  return withPdfFile(pdf, (dir, pdf_file) => {
    execFileSync('pdftotext', ['-layout', pdf_file, path.join(dir, 'out.txt')]);
    const text = readFileSync(path.join(dir, 'out.txt'), 'utf8');
    rmSync(dir, { recursive: true, force: true });
    return text;
  });
}

/** A PDF page drawn by pdftoppm at `dpi` (page 1 unless told): its pixels, and a PNG of it. */
export function renderPdfPage(pdf: Buffer, page = 1, dpi = 60): RenderedPage {
  return withPdfFile(pdf, (dir, pdf_file) => {
    const range = ['-f', String(page), '-l', String(page), '-r', String(dpi), '-singlefile'];
    execFileSync('pdftoppm', [...range, pdf_file, path.join(dir, 'page')]);
    execFileSync('pdftoppm', [...range, '-png', pdf_file, path.join(dir, 'page')]);
    const ppm = readFileSync(path.join(dir, 'page.ppm'));
    // Binary PPM: "P6", width, height, max value, each after whitespace, then the pixels.
    const header = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(ppm.subarray(0, 64).toString('latin1'));
    if (!header) throw new Error('pdftoppm wrote no binary PPM');
    return {
      width: Number(header[1]),
      height: Number(header[2]),
      rgb: ppm.subarray(header[0].length),
      png_file: path.join(dir, 'page.png'),
    };
  });
}

/** How many pixels of a page are within `tolerance` (sum of channel distances) of `color`. */
export function pixelsNear(
  page: RenderedPage,
  color: readonly [number, number, number],
  tolerance = 60,
): number {
  let count = 0;
  for (let at = 0; at + 2 < page.rgb.length; at += 3) {
    const distance =
      Math.abs(page.rgb[at]! - color[0]) +
      Math.abs(page.rgb[at + 1]! - color[1]) +
      Math.abs(page.rgb[at + 2]! - color[2]);
    if (distance < tolerance) count++;
  }
  return count;
}

/** Contracts over HTTP (decisions D11): organization templates and envelopes, signing, verifying. */
export function contractsClient(target: Target) {
  const client = http(target);
  const admin = (token: string, extra: Record<string, string> = {}) => ({
    ...bearer(token),
    ...extra,
  });

  return {
    get base_url() {
      return client.base_url;
    },
    /** An account of `org` named `display_name` (the signer name the PDF prints). */
    account: (label: string, registration: Record<string, unknown> = {}) =>
      openAccount(client, { label, registration: { org: 'demo', locale: 'en', ...registration } }),
    createTemplate: (token: string, body: unknown, headers: Record<string, string> = {}) =>
      client.request('POST', '/v1/org/contracts/templates', {
        body,
        headers: admin(token, headers),
      }),
    templates: (token: string, query = '') =>
      client.request('GET', `/v1/org/contracts/templates${query}`, { headers: admin(token) }),
    createEnvelope: (token: string, body: unknown, headers: Record<string, string> = {}) =>
      client.request('POST', '/v1/org/contracts/envelopes', {
        body,
        headers: admin(token, headers),
      }),
    envelopes: (caller: Caller, query = '') =>
      client.request('GET', `/v1/me/contracts/envelopes${query}`, { headers: caller.headers }),
    envelope: (caller: Caller, envelope_id: string) =>
      client.request('GET', `/v1/me/contracts/envelopes/${envelope_id}`, {
        headers: caller.headers,
      }),
    pdf: (caller: Caller, envelope_id: string) =>
      client.request('GET', `/v1/me/contracts/envelopes/${envelope_id}/pdf`, {
        headers: caller.headers,
      }),
    sign: (caller: Caller, envelope_id: string, body: unknown, otp_token?: string) =>
      client.request('POST', `/v1/me/contracts/envelopes/${envelope_id}/sign`, {
        body,
        headers: { ...caller.headers, ...(otp_token ? { 'X-OTP-Token': otp_token } : {}) },
      }),
    verify: (code: string, headers: Record<string, string> = {}, query = '') =>
      client.request('GET', `/verify/contracts/${encodeURIComponent(code)}${query}`, { headers }),
  };
}

export type ContractsClient = ReturnType<typeof contractsClient>;
