// @ts-check
'use strict';
// Jest's test environment for the int tier. A suite that needs no `internals` gets its all-in-one
// platform from the compiled tree (dist/), loaded by Node's own `require` here, outside Jest's
// module registry: the worker loads the platform's modules once and every later suite of the same
// worker boots its fresh platform from them. Through Jest's registry each suite paid for loading
// and evaluating all of them again (seconds of CPU per suite). The suite still sees only what a
// client sees (base URLs, a token), so nothing crosses between the two module worlds but plain
// values and promises.
const path = require('node:path');
const { TestEnvironment } = require('jest-environment-node');
const { DeprecationGuard } = require('./deprecation-guard');

const COMPILED_TEST_PLATFORM = path.resolve(
  __dirname,
  '../../../dist/runtime/src/test-platform.js',
);

class CompiledPlatformEnvironment extends TestEnvironment {
  constructor(config, context) {
    // Logging is the process's setting: the request log lines of a hundred suites' platforms
    // would only bury their output (and cost the worker). Warnings and errors still show.
    process.env.LOG_LEVEL ??= 'warn';
    super(config, context);
    /** @type {(label: string, settings: Record<string, string>, environments: string[]) => Promise<unknown>} */
    this.global.__startCompiledTestPlatform__ = (label, settings, environments) =>
      require(COMPILED_TEST_PLATFORM).startTestPlatform(label, settings, environments);
    this.deprecations = new DeprecationGuard();
  }

  async setup() {
    await super.setup();
    this.deprecations.start(process);
  }

  async teardown() {
    await super.teardown();
    this.deprecations.stop(process);
  }
}

module.exports = CompiledPlatformEnvironment;
