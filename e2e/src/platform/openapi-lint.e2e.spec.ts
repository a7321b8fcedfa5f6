import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ERROR_HTTP_STATUS, isErrorCode } from '@platform/contracts';
import { REPO_ROOT } from '@platform/testing';
import { http, json } from '../clients';
import { startPlatform, type E2ePlatform } from '../harness';

type Json = Record<string, any>;

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer?: string }[];
}

const REDOCLY_BIN = path.join(REPO_ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** Runs `redocly lint` with the repository's redocly.yaml on a document; its JSON report. */
function redoclyLint(document: Json): LintProblem[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'openapi-lint-'));
  try {
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const args = [REDOCLY_BIN, 'lint', file, '--config', path.join(REPO_ROOT, 'redocly.yaml')];
    let output: string;
    let diagnostics = '';
    try {
      output = execFileSync(process.execPath, [...args, '--format', 'json'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      });
    } catch (failure) {
      // Exit code 1 when a problem is an error: the report is still on stdout.
      const { stdout, stderr } = failure as { stdout?: unknown; stderr?: unknown };
      output = String(stdout ?? '');
      diagnostics = String(stderr ?? '');
    }
    if (!output.trim().startsWith('{'))
      throw new Error(`redocly lint gave no report (is @redocly/cli installed?): ${diagnostics}`);
    return (JSON.parse(output) as { problems: LintProblem[] }).problems;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function operationsOf(document: Json): { name: string; operation: Json }[] {
  return Object.entries(document.paths as Json).flatMap(([route, item]) =>
    Object.entries(item as Json)
      .filter(([method]) => HTTP_METHODS.includes(method))
      .map(([method, operation]) => ({
        name: `${method.toUpperCase()} ${route}`,
        operation: operation as Json,
      })),
  );
}

/** Codes of the catalog a response description lists, each answering that response's status. */
function listedCodes(status: string, description: string): string[] {
  return [...description.matchAll(/`([a-z0-9_]+)`/g)]
    .map((match) => match[1]!)
    .filter((code) => isErrorCode(code) && String(ERROR_HTTP_STATUS[code]) === status);
}

function stringsOf(value: unknown, at = ''): { at: string; text: string }[] {
  if (typeof value === 'string') return [{ at, text: value }];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => stringsOf(child, `${at}/${key}`));
}

describe('the OpenAPI document: a complete contract that passes Redocly lint', () => {
  let platform: E2ePlatform;
  let document: Json;
  const client = http(() => platform.environments.test);

  beforeAll(async () => {
    platform = await startPlatform({ label: 'openapi_lint' });
    document = await json<Json>(await client.request('GET', '/openapi.json'));
  });
  afterAll(async () => platform?.close());

  it('has no Redocly problem under the recommended ruleset (no error, no warning)', () => {
    const problems = redoclyLint(document).map(
      (problem) =>
        `${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`,
    );
    expect(problems).toEqual([]);
  });

  it('finds a lint error when there is one (the check above can fail)', () => {
    const broken = structuredClone(document);
    // A route that does not say which credentials it takes: Redocly's security-defined error.
    delete broken.paths['/v1/auth/login'].post.security;
    expect(redoclyLint(broken).some((problem) => problem.severity === 'error')).toBe(true);
  });

  it('gives every operation a summary, an operationId and a 4xx answer listing its codes', () => {
    const incomplete = operationsOf(document).flatMap(({ name, operation }) => {
      const missing: string[] = [];
      if (!operation.summary) missing.push('summary');
      if (!operation.operationId) missing.push('operationId');
      const client_errors = Object.entries(operation.responses as Json).filter(
        ([status, response]) =>
          /^4/.test(status) && listedCodes(status, (response as Json).description ?? '').length > 0,
      );
      if (client_errors.length === 0) missing.push('a 4xx response listing its codes');
      return missing.map((what) => `${name}: ${what}`);
    });
    expect(incomplete).toEqual([]);
  });

  it("lists account_required under 403 of account routes, org_admin_required of the admin's", () => {
    const forbidden = (route: string, method: string): string[] =>
      listedCodes('403', document.paths[route]?.[method]?.responses?.['403']?.description ?? '');
    // An organization admin's session is refused on account routes, declared or not.
    expect(forbidden('/v1/me', 'get')).toContain('account_required');
    expect(forbidden('/v1/transfers', 'post')).toContain('account_required');
    expect(forbidden('/v1/me/contracts/envelopes', 'get')).toContain('account_required');
    // Routes of the organization admin, and those both may call, never answer it.
    expect(forbidden('/v1/org/reviews', 'get')).toEqual(['org_admin_required']);
    expect(forbidden('/v1/org/contracts/templates', 'post')).toEqual(['org_admin_required']);
    expect(forbidden('/v1/events', 'get')).not.toContain('account_required');
  });

  it('types every JSON success answer and gives it an example, and every JSON body one', () => {
    const untyped = operationsOf(document).flatMap(({ name, operation }) => {
      const problems: string[] = [];
      for (const [status, response] of Object.entries(operation.responses as Json)) {
        const media = (response as Json).content?.['application/json'];
        if (!/^2/.test(status) || !media) continue;
        const schema = media.schema ?? {};
        if (!schema.$ref && !schema.type && !schema.anyOf && !schema.oneOf)
          problems.push(`${name} ${status}: untyped`);
        if (media.example === undefined) problems.push(`${name} ${status}: no example`);
      }
      const body = operation.requestBody?.content?.['application/json'];
      if (body && body.example === undefined) problems.push(`${name}: body without example`);
      for (const parameter of (operation.parameters ?? []) as Json[])
        if (!parameter.schema?.type && !parameter.schema?.enum && !parameter.schema?.$ref)
          problems.push(`${name}: untyped parameter ${parameter.name}`);
      return problems;
    });
    expect(untyped).toEqual([]);
  });

  it('writes resources and listing pages once, as components, and money as DecimalString', () => {
    const schemas = document.components.schemas as Json;
    expect(Object.keys(schemas)).toEqual(
      expect.arrayContaining(['Payout', 'PayoutPage', 'Payin', 'Card', 'ErrorBody']),
    );
    expect(
      document.paths['/v1/payouts/{id}'].get.responses['200'].content['application/json'].schema,
    ).toEqual({ $ref: '#/components/schemas/Payout' });
    expect(schemas.PayoutPage.properties.payouts.items).toEqual({
      $ref: '#/components/schemas/Payout',
    });
    expect(schemas.DecimalString).toMatchObject({ type: 'string', pattern: expect.any(String) });
    expect(schemas.Payout.properties.total_debit.$ref).toBe('#/components/schemas/DecimalString');
    const body = document.paths['/v1/payouts'].post.requestBody.content['application/json'];
    expect(body.schema.properties.amount.$ref).toBe('#/components/schemas/DecimalString');
  });

  it('describes every tag, states public routes need no credential, and carries a license', () => {
    const used = new Set(
      operationsOf(document).flatMap(({ operation }) => (operation.tags ?? []) as string[]),
    );
    const described = new Map(
      (document.tags as Json[]).map((tag) => [tag.name as string, tag.description as string]),
    );
    expect([...used].filter((tag) => !described.get(tag))).toEqual([]);
    expect(document.paths['/v1/auth/login'].post.security).toEqual([]);
    expect(document.paths['/healthz'].get.security).toEqual([]);
    expect(document.info.license).toMatchObject({ name: 'Apache-2.0' });
  });

  it('keeps the sandbox values in the sandbox tag, referenced from the operations', () => {
    const sandbox = (document.tags as Json[]).find((tag) => tag.name === 'sandbox');
    expect(sandbox?.description).toEqual(expect.stringContaining('`.99`'));
    expect(document.paths['/v1/payouts'].post.description).toContain('`sandbox` tag');
    const scattered = operationsOf(document)
      .filter(({ operation }) => !(operation.tags as string[]).includes('sandbox'))
      .flatMap(({ name, operation }) =>
        stringsOf(operation)
          .filter(({ text }) => /ending `?\.\d\d\b/.test(text))
          .map(({ at }) => `${name}${at}`),
      );
    expect(scattered).toEqual([]);
  });

  it('stands alone: no text refers to decisions or spec sections a reader has never seen', () => {
    const references = stringsOf(document).filter(({ text }) =>
      /\bD\d{1,2}\b|spec §|\bdecisions D/.test(text),
    );
    expect(references).toEqual([]);
  });
});
