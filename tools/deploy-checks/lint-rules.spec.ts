import { execFileSync, spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

/**
 * The architecture's lint rules are alive: code that breaks a boundary, drops a promise or misses
 * a union member is refused. (A missing Nx project graph once switched the boundary rule off
 * without a word; this would have caught it.)
 */
describe('architecture lint rules', () => {
  const probes = {
    domain: path.join(ROOT, 'services/ledger/src/domain/boundary-probe.ts'),
    lib: path.join(ROOT, 'libs/money/src/boundary-probe.ts'),
    catalog: path.join(ROOT, 'services/payouts/src/messages/catalog-probe.ts'),
    e2e: path.join(ROOT, 'e2e/src/boundary-probe.ts'),
  };

  beforeAll(() => {
    execFileSync(path.join(ROOT, 'node_modules/.bin/nx'), ['show', 'projects'], {
      cwd: ROOT,
      stdio: 'ignore',
    });
    writeFileSync(
      probes.domain,
      [
        "import { Injectable } from '@nestjs/common';",
        "import { createPool } from '@platform/persistence';",
        "import { DomainError } from '@platform/contracts';",
        "type Side = 'debit' | 'credit';",
        'export function sign(side: Side): number {',
        '  switch (side) {',
        "    case 'debit':",
        '      return -1;',
        '  }',
        '  return 0;',
        '}',
        'async function later(): Promise<void> {}',
        'export function fire(): void {',
        '  later();',
        '}',
        'export const probe = [Injectable, createPool, DomainError];',
        '',
      ].join('\n'),
    );
    writeFileSync(
      probes.lib,
      "import { ledgerService } from '@platform/svc-ledger';\nexport const probe = ledgerService;\n",
    );
    writeFileSync(
      probes.catalog,
      [
        "import { MessagePattern } from '@nestjs/microservices';",
        "export const named = 'ledger.get_balances';",
        "const service = 'risk-scoring';",
        'export const built = `${service}.get_health`;',
        "export const event = 'ledger.funds_credited';",
        'export const probe = MessagePattern;',
        '',
      ].join('\n'),
    );
    // The black-box suites reach a service only over HTTP, through the harness.
    writeFileSync(
      probes.e2e,
      [
        "import { ledgerService } from '@platform/svc-ledger';",
        "import { startTestPlatform } from '@platform/all-in-one';",
        "import { REPO_ROOT } from '@platform/testing';",
        'export const probe = [ledgerService, startTestPlatform, REPO_ROOT];',
        '',
      ].join('\n'),
    );
  });
  afterAll(() => {
    for (const probe of Object.values(probes)) rmSync(probe, { force: true });
  });

  it('refuses what the architecture forbids, lets contracts into domain/ and the runtime into e2e', () => {
    // ESLint loads its flat config with a dynamic import, which Jest's sandbox refuses: run the CLI.
    const run = spawnSync(
      path.join(ROOT, 'node_modules/.bin/eslint'),
      ['--format', 'json', probes.domain, probes.lib, probes.catalog, probes.e2e],
      { cwd: ROOT, encoding: 'utf8' },
    );
    const results = JSON.parse(run.stdout) as {
      filePath: string;
      messages: { line: number; ruleId: string | null }[];
    }[];
    const [domain, lib, catalog, e2e] = [probes.domain, probes.lib, probes.catalog, probes.e2e].map(
      (file) => results.find((result) => result.filePath === file),
    );
    const rules = (result: (typeof results)[number] | undefined) =>
      result?.messages.map((m) => `${m.line}:${m.ruleId}`) ?? [];
    expect(rules(domain)).toEqual(
      expect.arrayContaining([
        '1:@typescript-eslint/no-restricted-imports',
        '2:@typescript-eslint/no-restricted-imports',
        '6:@typescript-eslint/switch-exhaustiveness-check',
        '14:@typescript-eslint/no-floating-promises',
      ]),
    );
    expect(rules(domain)).not.toContain('3:@typescript-eslint/no-restricted-imports');
    expect(rules(lib)).toContain('1:@nx/enforce-module-boundaries');
    expect(rules(e2e)).toEqual(['1:@nx/enforce-module-boundaries']);
    // A command is named only in the catalog: no MessagePattern, no command name, written or
    // built; an event type is not a command.
    expect(rules(catalog)).toEqual([
      '1:@typescript-eslint/no-restricted-imports',
      '2:no-restricted-syntax',
      '4:no-restricted-syntax',
    ]);
  });
});

/**
 * Settings are parsed once, by their schemas: a service file that reads the raw settings map or
 * process.env is refused, a `*.settings.ts` file may.
 */
describe('settings lint rule', () => {
  const probe_text = [
    "import type { PlatformContext } from '@platform/runtime';",
    'export function probe(context: PlatformContext): unknown[] {',
    '  const { raw_settings } = context;',
    '  return [context.raw_settings.SANDBOX_STEP_MS, raw_settings];',
    '}',
    'export const step = process.env.SANDBOX_STEP_MS;',
    '',
  ].join('\n');
  const probes = {
    service: path.join(ROOT, 'services/payouts/src/application/settings-probe.ts'),
    settings_file: path.join(ROOT, 'services/payouts/src/probe.settings.ts'),
  };

  beforeAll(() => {
    for (const file of Object.values(probes)) writeFileSync(file, probe_text);
  });
  afterAll(() => {
    for (const file of Object.values(probes)) rmSync(file, { force: true });
  });

  it('refuses raw settings and process.env outside the settings files', () => {
    const run = spawnSync(
      path.join(ROOT, 'node_modules/.bin/eslint'),
      ['--format', 'json', probes.service, probes.settings_file],
      { cwd: ROOT, encoding: 'utf8' },
    );
    const results = JSON.parse(run.stdout) as {
      filePath: string;
      messages: { line: number; ruleId: string | null }[];
    }[];
    const restricted = (file: string) =>
      results
        .find((result) => result.filePath === file)
        ?.messages.filter((m) => m.ruleId === 'no-restricted-properties')
        .map((m) => m.line) ?? [];
    expect(restricted(probes.service)).toEqual([3, 4, 6]);
    expect(restricted(probes.settings_file)).toEqual([]);
  });
});
