// @ts-check
'use strict';

/**
 * Fails an int suite in whose process something deprecated was used. A deprecation warns once per
 * process and then goes quiet, and a quiet warning was how reads sent together on one connection
 * (which node-postgres will stop queueing) went unseen: the tier runs with none, so any one that
 * appears is new, and the suite that first meets it fails with where it came from.
 */
class DeprecationGuard {
  constructor() {
    /** @type {Error[]} */
    this.seen = [];
    /** @param {Error} warning */
    this.listener = (warning) => {
      if (warning.name === 'DeprecationWarning') this.seen.push(warning);
    };
  }

  /** @param {NodeJS.Process} process_ */
  start(process_) {
    process_.on('warning', this.listener);
  }

  /**
   * Stops listening; throws when a deprecation was seen since start, naming each with its stack.
   * @param {NodeJS.Process} process_
   */
  stop(process_) {
    process_.off('warning', this.listener);
    if (this.seen.length === 0) return;
    const found = this.seen.map(
      (warning) => warning.stack ?? `${warning.name}: ${warning.message}`,
    );
    this.seen = [];
    throw new Error(
      `this suite's process used something deprecated (fix the caller, do not silence it):\n${found.join('\n')}`,
    );
  }
}

module.exports = { DeprecationGuard };
