// Lint rules that carry the architecture: module boundaries by Nx tag, a pure domain/ layer,
// and the async/exhaustiveness checks that catch lost promises and unhandled union members.
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'dist/**',
      '.data/**',
      '.nx/**',
      'coverage/**',
      '.kafka/**',
      'deploy/kafka/libs/**',
    ],
  },
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.base],
    plugins: { '@nx': nx },
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          allow: [],
          enforceBuildableLibDependency: false,
          // Nothing here is bundled: the CLI imports the platform lazily only to start faster
          // (projections rebuild), and its tests import it statically.
          checkDynamicDependenciesExceptions: ['@platform/all-in-one'],
          depConstraints: [
            { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:runtime', onlyDependOnLibsWithTags: ['type:lib', 'type:service'] },
            { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:lib', 'type:runtime'] },
          ],
        },
      ],
    },
  },
  {
    // The domain layer holds pure rules: only contracts and money, and nothing from the other layers.
    files: ['services/*/src/domain/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@platform/*', '!@platform/contracts', '!@platform/money'],
              message: 'domain/ imports only @platform/contracts and @platform/money',
            },
            {
              group: ['@nestjs/*', 'pg', 'kafkajs', 'fastify'],
              message: 'domain/ is pure: no framework, database or bus',
            },
            {
              group: [
                '**/application/**',
                '**/infrastructure/**',
                '**/messages/**',
                '../application*',
                '../infrastructure*',
                '../messages*',
              ],
              message: 'domain/ does not import outer layers',
            },
          ],
        },
      ],
    },
  },
  {
    // Settings are parsed once, at boot, by their schemas (`*.settings.ts`): nothing else reads
    // the raw map (PlatformContext.raw_settings) or process.env, except the runtimes' entry points
    // that hand it to them and the test harness's own variables. Tools are programs of their own.
    files: ['libs/*/src/**/*.ts', 'services/*/src/**/*.ts', 'runtime/src/**/*.ts'],
    ignores: [
      '**/*.spec.ts',
      '**/*.settings.ts',
      'libs/runtime/src/settings.ts',
      'libs/runtime/src/service-process.ts',
      'runtime/src/all-in-one.ts',
      'runtime/src/platform.ts',
      'services/gateway/src/main.ts',
      'libs/testing/src/**',
      'libs/messaging/src/kafka/kafka-test-namespace.ts',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message:
            'settings come from their schema: declare it in a *.settings.ts file and inject the parsed object',
        },
        {
          property: 'raw_settings',
          message:
            'the raw settings are read by the settings schemas only: inject the service’s parsed settings',
        },
      ],
    },
  },
  prettier,
);
