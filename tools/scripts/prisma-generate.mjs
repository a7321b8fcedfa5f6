// Generates the Prisma client of every service that keeps one (services/<name>/prisma/schema.prisma),
// into the gitignored output folder its generator names. Runs as the root `postinstall` and
// through `npm run prisma:generate`; `--force` regenerates even when nothing changed.
//
// It must work offline: Prisma 7's `prisma-client` generator needs no engine binary, but the CLI
// still looks for a schema engine (and would try to download one) unless it is pointed at an
// existing file, and it phones home for update checks unless told not to.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cli = path.join(root, 'node_modules/prisma/build/index.js');
const force = process.argv.includes('--force');
const STAMP = '.schema-stamp';

const offline_env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: process.execPath,
  PRISMA_ENGINES_CHECKSUM_IGNORE_MISSING: '1',
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
  CHECKPOINT_DISABLE: '1',
};

function schemaFiles() {
  const services_dir = path.join(root, 'services');
  return readdirSync(services_dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(services_dir, entry.name, 'prisma/schema.prisma'))
    .filter((file) => existsSync(file));
}

function outputDir(schema_file, schema_text) {
  const output = /generator\s+\w+\s*\{[^}]*?\boutput\s*=\s*"([^"]+)"/s.exec(schema_text)?.[1];
  if (!output) throw new Error(`${schema_file}: its generator names no output folder`);
  return path.resolve(path.dirname(schema_file), output);
}

function versionOf(pkg) {
  return JSON.parse(readFileSync(path.join(root, 'node_modules', pkg, 'package.json'), 'utf8'))
    .version;
}

/** What the generated code depends on: when it is unchanged, the last output is still right. */
function stampOf(schema_text) {
  return createHash('sha256')
    .update(schema_text)
    .update(versionOf('prisma'))
    .update(versionOf('@prisma/client'))
    .digest('hex');
}

function run(schema_file) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, 'generate', '--schema', schema_file], {
      cwd: root,
      env: offline_env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`prisma generate failed for ${schema_file}:\n${output}`)),
    );
  });
}

async function generate(schema_file) {
  const schema_text = readFileSync(schema_file, 'utf8');
  const out_dir = outputDir(schema_file, schema_text);
  const stamp = stampOf(schema_text);
  const stamp_file = path.join(out_dir, STAMP);
  const relative = path.relative(root, schema_file);
  if (!force && existsSync(stamp_file) && readFileSync(stamp_file, 'utf8') === stamp) {
    console.log(`prisma client up to date: ${relative}`);
    return;
  }
  // A generation that fails half-way must not leave a stamp vouching for what is there.
  rmSync(stamp_file, { force: true });
  await run(schema_file);
  mkdirSync(out_dir, { recursive: true });
  writeFileSync(stamp_file, stamp);
  console.log(`prisma client generated: ${relative} -> ${path.relative(root, out_dir)}`);
}

if (!existsSync(cli)) {
  // An install without dev dependencies has no Prisma CLI: it must ship generated clients instead.
  console.warn('prisma-generate: the prisma CLI is not installed; no client generated');
} else {
  const results = await Promise.allSettled(schemaFiles().map(generate));
  const failures = results.filter((result) => result.status === 'rejected');
  for (const failure of failures)
    console.error(failure.reason instanceof Error ? failure.reason.message : failure.reason);
  if (failures.length > 0) process.exitCode = 1;
}
