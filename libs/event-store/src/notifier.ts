import type { Pool } from 'pg';

/**
 * Wakes subscribers after appends that have committed. A NOTIFY inside the appending transaction
 * makes PostgreSQL serialise the commits of all notifying transactions (a database-wide lock held
 * through the WAL flush), which defeats group commit; sent afterwards, on its own, it holds that
 * lock only briefly. Requests coalesce: at most one NOTIFY is in flight, and a request made while
 * one is in flight is followed by another, so every commit is followed by a NOTIFY sent after it.
 */
export class CommittedAppendNotifier {
  private in_flight = false;
  private requested_again = false;

  constructor(
    private readonly pool: Pool,
    private readonly channel: string,
  ) {}

  /** Call after the commit. Never throws: subscribers also poll, so a lost wake-up only delays. */
  request(): void {
    if (this.in_flight) {
      this.requested_again = true;
      return;
    }
    this.in_flight = true;
    this.pool.query('select pg_notify($1, $2)', [this.channel, '']).then(
      () => this.sent(),
      () => this.sent(),
    );
  }

  private sent(): void {
    this.in_flight = false;
    if (this.requested_again) {
      this.requested_again = false;
      this.request();
    }
  }
}
