/** Types of deprecation-guard.js (plain JavaScript: the int tier's test environment requires it). */
export declare class DeprecationGuard {
  start(process_: NodeJS.Process): void;
  /** Stops listening; throws when a deprecation was seen since start. */
  stop(process_: NodeJS.Process): void;
}
