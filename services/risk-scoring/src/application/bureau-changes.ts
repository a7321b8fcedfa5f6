import type { Pool } from 'pg';
import { DomainError, type Environment } from '@platform/contracts';
import type { JobQueue } from '@platform/jobs';
import { withTransaction } from '@platform/persistence';
import { compactDocId } from '../domain/subjects/doc-ids';
import type { SandboxBureau } from '../infrastructure/sandbox-bureau';
import type { BureauChange, BureauChangeHandlers } from './bureau-port';
import type { RiskJobTasks } from './risk-job-tasks';

const CHANGED_TASK = 'bureau.changed';
const HANDLER_TASK = 'bureau.run_handler';

interface HandlerPayload {
  handler: string;
  change: BureauChange;
  [key: string]: unknown;
}

/**
 * Bureau changes: the sandbox's score overrides, and the durable fan-out to every registered
 * BUREAU_CHANGE_HANDLERS handler once the change has committed.
 */
export class BureauChanges {
  constructor(
    private readonly pool: Pool,
    private readonly bureau: SandboxBureau,
    private readonly jobs: JobQueue,
    private readonly handlers: BureauChangeHandlers,
    private readonly environment: Environment,
    tasks: RiskJobTasks,
  ) {
    tasks.add({
      [CHANGED_TASK]: (change: BureauChange) => this.fanOut(change),
      [HANDLER_TASK]: (payload: HandlerPayload) => this.runHandler(payload),
    });
  }

  /** Sandbox only: the bureau's score of `doc_id` from now on; handlers run after commit. */
  async setSandboxScore(input: { doc_id: string; country?: string | undefined; score: number }) {
    if (this.environment !== 'test') throw new DomainError('not_found', 'sandbox only');
    const doc_id = compactDocId(input.doc_id);
    if (!/^[0-9A-Z]{5,20}$/.test(doc_id))
      throw new DomainError('invalid_doc_id', 'doc_id is not a document number');
    const country = input.country ? input.country.toUpperCase() : null;
    if (country !== null && !/^[A-Z]{2}$/.test(country))
      throw new DomainError('invalid_country', 'country must be an ISO 3166-1 alpha-2 code');
    const change: BureauChange = { doc_id, country, score: input.score };
    const changed_at = await withTransaction(this.pool, async (client) => {
      const at = await this.bureau.setScore(client, doc_id, country, input.score);
      await this.jobs.scheduleInTransaction(client, CHANGED_TASK, { ...change });
      return at;
    });
    return { ...change, changed_at: changed_at.toISOString() };
  }

  private async fanOut(change: BureauChange): Promise<void> {
    for (const handler of this.handlers.names()) {
      const payload: HandlerPayload = { handler, change };
      await this.jobs.schedule(HANDLER_TASK, payload, {
        // A retried fan-out replaces the pending job rather than doubling it.
        job_key: `bureau:${handler}:${change.country ?? '*'}:${change.doc_id}:${change.score}`,
      });
    }
  }

  private async runHandler(payload: HandlerPayload): Promise<void> {
    const handler = this.handlers.handler(payload.handler);
    if (!handler) throw new Error(`no bureau change handler ${payload.handler}`);
    await handler(payload.change);
  }
}
