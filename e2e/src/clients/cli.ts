import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { buildDist, distEntry } from '@platform/testing/processes';
import type { E2eEnvironment } from '../harness';

const run = promisify(execFile);

export interface CliResult {
  /** The process's exit code: 0, or 1 when the platform refused (stderr names the code). */
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The operator's CLI (`npm run cli`) as an operator runs it: the compiled program against one
 * environment's gateway with the operator token, never an in-process call.
 */
export function operatorCli(target: () => E2eEnvironment) {
  buildDist();
  const cli = async (...args: string[]): Promise<CliResult> => {
    const environment = target();
    return run(
      process.execPath,
      [distEntry('tools/cli/src/main.js'), '--url', environment.base_url, ...args],
      {
        env: { ...process.env, OPERATOR_TOKEN: environment.operator_token },
      },
    ).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        stdout: error.stdout,
        stderr: error.stderr,
      }),
    );
  };
  /** A command that must succeed: its printed JSON. */
  const json = async <T = Record<string, any>>(...args: string[]): Promise<T> => {
    const result = await cli(...args);
    if (result.code !== 0) throw new Error(`cli ${args.join(' ')} failed: ${result.stderr}`);
    return JSON.parse(result.stdout) as T;
  };
  return { cli, json };
}
