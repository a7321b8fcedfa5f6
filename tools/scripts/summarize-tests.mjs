// Adds up the jest JSON reports of every tier into the one closing line CI reads.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const folder = process.argv[2];
let passed = 0;
let failed = 0;
let suites_failed = 0;
for (const file of readdirSync(folder).filter((name) => name.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(path.join(folder, file), 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  suites_failed += report.numFailedTestSuites;
  console.log(
    `${file.replace('.json', '')}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numFailedTestSuites} failed suites`,
  );
}
// A failed lint or typecheck step counts as one failure each.
for (const file of readdirSync(folder).filter((name) => name.endsWith('.failed'))) {
  console.log(readFileSync(path.join(folder, file), 'utf8').trim());
  failed += 1;
}
// A suite that fails to load has no failed test but must fail the run.
if (suites_failed > 0 && failed === 0) failed = suites_failed;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
