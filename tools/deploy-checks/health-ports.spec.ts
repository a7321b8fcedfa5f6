import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BUS_SERVICE_NAMES, healthPortOf } from '@platform/runtime/health-ports';
import { repo_root } from './deploy-files';

/** The README's table of probe ports is the one the processes, compose and Kubernetes use. */
describe('probe ports in the README', () => {
  const readme = readFileSync(path.join(repo_root, 'README.md'), 'utf8');

  it.each(BUS_SERVICE_NAMES)('documents the ports of %s', (service) => {
    const row = new RegExp(
      `^\\| ${service} +\\| ${healthPortOf(service, 'test')} +\\| ${healthPortOf(service, 'live')} +\\|$`,
      'm',
    );
    expect(readme).toMatch(row);
  });
});
