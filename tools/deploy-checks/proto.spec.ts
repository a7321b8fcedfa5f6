import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const repo_root = path.resolve(__dirname, '../..');
const proto_check = path.join(repo_root, 'tools/scripts/proto-check.mjs');
const BUF_TIMEOUT_MS = 60_000;

function protoCheck(root: string): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [proto_check, '--root', root], { encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

function git(cwd: string, ...args: string[]): void {
  const result = spawnSync(
    'git',
    [
      '-c',
      'user.name=proto-check',
      '-c',
      'user.email=proto-check@example.invalid',
      '-c',
      'commit.gpgsign=false',
      ...args,
    ],
    { cwd, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
}

/** A throwaway repository whose main branch holds a copy of our proto/. */
function repoWithProtoOnMain(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'proto-check-'));
  git(root, 'init', '--quiet', '--initial-branch=main');
  cpSync(path.join(repo_root, 'proto'), path.join(root, 'proto'), { recursive: true });
  git(root, 'add', '.');
  git(root, 'commit', '--quiet', '-m', 'event schemas');
  return root;
}

describe('proto-check (buf lint + buf breaking against main)', () => {
  const temp_roots: string[] = [];
  afterAll(() => temp_roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

  it(
    'passes on this repository',
    () => {
      const { status, output } = protoCheck(repo_root);
      expect(output).toContain('lint ok');
      expect(status).toBe(0);
    },
    BUF_TIMEOUT_MS,
  );

  it(
    'fails when a field number changes against main, and passes before the change',
    () => {
      const root = repoWithProtoOnMain();
      temp_roots.push(root);
      const unchanged = protoCheck(root);
      expect(unchanged.output).toContain('$ buf breaking');
      expect(unchanged.status).toBe(0);

      const ledger_proto = path.join(root, 'proto/platform/events/v1/ledger.proto');
      const source = readFileSync(ledger_proto, 'utf8');
      expect(source).toContain('string operation_id = 2;');
      writeFileSync(
        ledger_proto,
        source.replace('string operation_id = 2;', 'string operation_id = 20;'),
      );

      const changed = protoCheck(root);
      expect(changed.output).toMatch(/field "2" with name "operation_id"/);
      expect(changed.output).toContain('breaking FAILED');
      expect(changed.status).toBe(1);
    },
    BUF_TIMEOUT_MS,
  );

  it(
    'skips only the breaking check, with a note, when main has no proto/ yet',
    () => {
      const root = mkdtempSync(path.join(tmpdir(), 'proto-check-'));
      temp_roots.push(root);
      git(root, 'init', '--quiet', '--initial-branch=main');
      writeFileSync(path.join(root, 'README.md'), 'no schemas yet\n');
      git(root, 'add', '.');
      git(root, 'commit', '--quiet', '-m', 'start');
      cpSync(path.join(repo_root, 'proto'), path.join(root, 'proto'), { recursive: true });

      const { status, output } = protoCheck(root);
      expect(output).toContain('main has no proto/ yet');
      expect(output).toContain('lint ok');
      expect(status).toBe(0);
    },
    BUF_TIMEOUT_MS,
  );
});
