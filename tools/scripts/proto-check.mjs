// Checks the durable event schemas in proto/: `buf lint`, then `buf breaking` against the proto/
// of the main branch, so that a change which would break readers of stored events fails CI.
//
//   node tools/scripts/proto-check.mjs [--root <repo>] [--branch main]
//
// The breaking check is skipped, with a note, only when main has no proto/ yet (or there is no
// main branch at all); any other failure of git or buf fails the check.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const tools_root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const buf = path.join(tools_root, 'node_modules/.bin/buf');

const { values: options } = parseArgs({
  options: {
    root: { type: 'string', default: tools_root },
    branch: { type: 'string', default: 'main' },
  },
});
const repo_root = path.resolve(options.root);
const proto_dir = path.join(repo_root, 'proto');

function runBuf(args) {
  console.log(`$ buf ${args.join(' ')}`);
  const result = spawnSync(buf, args, { stdio: 'inherit' });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function git(args) {
  return execFileSync('git', ['-C', repo_root, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();
}

function gitSucceeds(args) {
  return spawnSync('git', ['-C', repo_root, ...args], { stdio: 'ignore' }).status === 0;
}

/** The ref of the branch to compare with: the local branch, or its origin copy in a CI checkout. */
function baseRef(branch) {
  for (const ref of [`refs/heads/${branch}`, `refs/remotes/origin/${branch}`]) {
    if (gitSucceeds(['rev-parse', '--verify', '--quiet', ref])) return ref;
  }
  return null;
}

function checkBreaking() {
  if (!gitSucceeds(['rev-parse', '--git-dir'])) {
    console.log(`note: ${repo_root} is not a git repository; buf breaking skipped`);
    return 0;
  }
  const ref = baseRef(options.branch);
  if (ref === null) {
    console.log(`note: no ${options.branch} branch here; buf breaking skipped`);
    return 0;
  }
  if (!gitSucceeds(['cat-file', '-e', `${ref}:proto/buf.yaml`])) {
    console.log(`note: ${options.branch} has no proto/ yet; buf breaking skipped (lint still ran)`);
    return 0;
  }
  // The common dir is the repository itself even in a linked worktree, where .git is a file.
  const git_dir = path.resolve(repo_root, git(['rev-parse', '--git-common-dir']));
  const commit = git(['rev-parse', ref]);
  return runBuf(['breaking', proto_dir, '--against', `${git_dir}#ref=${commit},subdir=proto`]);
}

if (!existsSync(path.join(proto_dir, 'buf.yaml'))) {
  console.error(`proto-check: ${proto_dir}/buf.yaml not found`);
  process.exit(1);
}
const lint_status = runBuf(['lint', proto_dir]);
const breaking_status = checkBreaking();
console.log(
  `proto-check: lint ${lint_status === 0 ? 'ok' : 'FAILED'}, breaking ${breaking_status === 0 ? 'ok' : 'FAILED'}`,
);
process.exit(lint_status === 0 && breaking_status === 0 ? 0 : 1);
