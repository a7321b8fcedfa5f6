// Lint rules that carry the architecture: module boundaries by Nx tag, a pure domain/ layer,
// and the async/exhaustiveness checks that catch lost promises and unhandled union members.
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Every command name of the catalog (libs/contracts), read from its definitions, so that the
 * rule below can refuse a command name written anywhere else: callers send the definition.
 */
function catalogCommandNames() {
  const root = path.join(import.meta.dirname, 'libs/contracts/src');
  const files = readdirSync(root, { recursive: true }).filter((file) => file.endsWith('.ts'));
  const names = new Set();
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const [, name] of text.matchAll(/name: [`']([^`']+\.[a-z0-9_]+)[`']/g)) names.add(name);
  }
  return [...names];
}
const COMMAND_NAMES = catalogCommandNames();
/** The bus services, as libs/contracts/src/catalog/services.ts lists them. */
const COMMAND_SERVICES = [
  ...readFileSync(path.join(import.meta.dirname, 'libs/contracts/src/catalog/services.ts'), 'utf8')
    .slice(0, 10_000)
    .matchAll(/^  '([a-z-]+)',$/gm),
].map(([, service]) => service);
const COMMAND_VERBS = [...new Set(COMMAND_NAMES.map((name) => name.split('.')[1]))];
const CATALOG_MESSAGE =
  'a command is named only in the catalog (libs/contracts): send its definition with ' +
  'BusClient.send(COMMANDS.x, ...) and serve it with @Handles(COMMANDS.x)';

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
            // The black-box suites start a runtime and read the contracts' reply types; they
            // never reach into a service.
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:lib', 'type:runtime'] },
          ],
        },
      ],
    },
  },
  {
    // The command catalog is the one place a command is named (see catalogCommandNames).
    files: ['**/*.ts'],
    ignores: ['libs/contracts/**', 'libs/messaging/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@nestjs/microservices',
              importNames: ['MessagePattern'],
              message: CATALOG_MESSAGE,
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: `Literal[value=/^(${COMMAND_SERVICES.join('|')})\\.(${COMMAND_VERBS.join('|')})$/]`,
          message: CATALOG_MESSAGE,
        },
        {
          selector: `TemplateElement[value.raw=/^\\.(${COMMAND_VERBS.join('|')})$/]`,
          message: CATALOG_MESSAGE,
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
      '**/*-under-test.ts',
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
