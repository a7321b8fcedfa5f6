import { randomUUID } from 'node:crypto';
import {
  DomainError,
  IdempotencyKey,
  type AmlRescreenCommand,
  type AmlScreeningResource,
  type CreateAmlScreeningCommand,
  type SetAmlMonitoringCommand,
} from '@platform/contracts';
import type { PoolClient } from 'pg';
import { rescreenUpdate, type RescreenCause } from '../../domain/aml/rescreening';
import { screenSubject } from '../../domain/aml/screening-decision';
import { parseSubject, sameSubject } from '../../domain/aml/screening-subject';
import type { Watchlist } from '../../domain/aml/watchlist';
import {
  toResource,
  type AmlScreeningsRepository,
  type ScreeningRow,
} from '../../infrastructure/aml/aml-screenings.repository';
import type { WatchlistSource } from '../../infrastructure/aml/watchlist-source';

/** How many monitored screenings one monitoring pass rescreens per transaction. */
const MONITORING_BATCH = 100;

/**
 * AML screenings of an account (decisions D8): create (idempotent by key), read, list, rescreen
 * on demand, the monitoring switch, and the monitoring pass that rescreens monitored subjects
 * after a list changed.
 */
export class AmlScreenings {
  constructor(
    private readonly repository: AmlScreeningsRepository,
    private readonly lists: WatchlistSource,
    private readonly environment: 'test' | 'live',
  ) {}

  async create(command: CreateAmlScreeningCommand): Promise<AmlScreeningResource> {
    const key = IdempotencyKey.require(command.idempotency_key);
    const subject = parseSubject(command.subject, new Date());
    const replay = await this.replayOf(command.account_id, key, subject);
    if (replay) return replay;
    const watchlist = await this.lists.current();
    const inserted = await this.repository.insert({
      screening_id: randomUUID(),
      account_id: command.account_id,
      org_id: command.org_id,
      idempotency_key: key,
      subject,
      outcome: screenSubject(subject, watchlist.entries, this.environment),
      list_version: watchlist.version,
    });
    if (inserted) return toResource(inserted);
    // A concurrent request with the same key won: answer what it stored.
    const raced = await this.replayOf(command.account_id, key, subject);
    if (!raced) throw new Error('screening vanished after an idempotency conflict');
    return raced;
  }

  private async replayOf(
    account_id: string,
    key: string,
    subject: ReturnType<typeof parseSubject>,
  ): Promise<AmlScreeningResource | null> {
    const existing = await this.repository.findByKey(account_id, key);
    if (!existing) return null;
    if (!sameSubject(existing.subject, subject))
      throw new DomainError(
        'idempotency_conflict',
        'this idempotency_key was used for another subject',
      );
    return toResource(existing);
  }

  async get(account_id: string, screening_id: string): Promise<AmlScreeningResource> {
    const row = await this.repository.findOwned(account_id, screening_id);
    if (!row) throw new DomainError('not_found', 'screening not found');
    return toResource(row);
  }

  async list(account_id: string, limit: number, offset: number) {
    const rows = await this.repository.list(account_id, limit, offset);
    return { screenings: rows.map(toResource) };
  }

  /** Rescreens every subject of the account; `no_screening` when it has none. */
  async rescreen(command: AmlRescreenCommand): Promise<{ rescreened: number }> {
    const key = IdempotencyKey.require(command.idempotency_key);
    // A replay needs no lock: read it first.
    const done = await this.repository.findRescreen(command.account_id, key);
    if (done !== null) return { rescreened: done };
    const watchlist = await this.lists.current();
    return this.repository.transaction(async (client) => {
      const rows = await this.repository.lockAccount(client, command.account_id);
      const again = await this.repository.findRescreen(command.account_id, key, client);
      if (again !== null) return { rescreened: again };
      if (rows.length === 0)
        throw new DomainError('no_screening', 'the account has no screening to rescreen');
      for (const row of rows) await this.rescreenRow(client, row, watchlist, 'rescreened');
      await this.repository.recordRescreen(client, command.account_id, key, rows.length);
      return { rescreened: rows.length };
    });
  }

  /** Turning monitoring on or off needs a key; repeating the current state does not. */
  async setMonitoring(command: SetAmlMonitoringCommand) {
    const current = await this.repository.monitoring(command.account_id);
    if (current.enabled !== command.enabled) IdempotencyKey.require(command.idempotency_key);
    else IdempotencyKey.parse(command.idempotency_key);
    const stored = await this.repository.setMonitoring(command.account_id, command.enabled);
    return { enabled: stored.enabled, updated_at: stored.updated_at.toISOString() };
  }

  /**
   * One monitoring pass: rereads the list files and rescreens, in batches, every monitored
   * screening computed against other lists. Returns how many were rescreened.
   */
  async monitor(): Promise<number> {
    await this.lists.refresh();
    const watchlist = await this.lists.current();
    let total = 0;
    for (;;) {
      const count = await this.repository.transaction(async (client) => {
        const rows = await this.repository.lockStaleMonitored(
          client,
          watchlist.version,
          MONITORING_BATCH,
        );
        for (const row of rows) await this.rescreenRow(client, row, watchlist, 'monitoring');
        return rows.length;
      });
      total += count;
      if (count < MONITORING_BATCH) return total;
    }
  }

  private async rescreenRow(
    client: PoolClient,
    row: ScreeningRow,
    watchlist: Watchlist,
    cause: RescreenCause,
  ): Promise<void> {
    const outcome = screenSubject(row.subject, watchlist.entries, this.environment);
    const update = rescreenUpdate(
      {
        screening_id: row.screening_id,
        account_id: row.account_id,
        previous: { status: row.status, matches: row.matches },
      },
      outcome,
      cause,
      new Date(),
    );
    await this.repository.storeOutcome(client, row, outcome, watchlist.version, update);
  }
}
