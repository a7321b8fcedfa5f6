import type { ExpectedVersion } from './types';

/** The stream was not at the version the appender decided on; reload and decide again. */
export class WrongExpectedVersionError extends Error {
  constructor(
    readonly stream: string,
    readonly expected: ExpectedVersion,
    readonly actual: number,
  ) {
    super(`stream ${stream} is at version ${actual}, expected ${String(expected)}`);
    this.name = 'WrongExpectedVersionError';
  }
}

/** An event with this event_id is already stored (a retried append that had committed). */
export class DuplicateEventIdError extends Error {
  constructor(readonly detail: string) {
    super(`an appended event_id is already stored: ${detail}`);
    this.name = 'DuplicateEventIdError';
  }
}
