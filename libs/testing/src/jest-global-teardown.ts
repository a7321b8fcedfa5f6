// Jest loads global teardown outside its module map, so the alias cannot be used here.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { dropDatabase } from '../../persistence/src/database';
import { TEST_TEMPLATE_VARIABLE } from './template-variable';

export default async function globalTeardown(): Promise<void> {
  const handle = (globalThis as { __EMBEDDED_PG__?: { stop(): Promise<void> } }).__EMBEDDED_PG__;
  if (handle) {
    await handle.stop();
    return;
  }
  // On a server of DATABASE_URL, which outlives the run: the run's template databases go.
  const template_prefix = process.env[TEST_TEMPLATE_VARIABLE];
  const admin_url = process.env.TEST_ADMIN_DATABASE_URL;
  if (!template_prefix || !admin_url) return;
  for (const environment of ['test', 'live'])
    await dropDatabase(admin_url, `${template_prefix}_${environment}`);
}
