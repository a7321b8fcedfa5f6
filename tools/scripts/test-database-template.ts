import 'reflect-metadata';
import { makeTestTemplate } from '@platform/all-in-one';

/**
 * `node dist/tools/scripts/test-database-template.js <prefix>`: run by the jest global setup of an
 * integration run, in a process of its own (the platform's modules stay out of Jest's), with
 * TEST_ADMIN_DATABASE_URL naming the test server. Leaves `<prefix>_test` and `<prefix>_live`
 * migrated, for every suite's databases to be copied from.
 */
async function main(): Promise<void> {
  const prefix = process.argv[2];
  if (!prefix) throw new Error('usage: test-database-template <database prefix>');
  await makeTestTemplate(prefix);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`test database template: ${String(error)}`);
    process.exit(1);
  },
);
