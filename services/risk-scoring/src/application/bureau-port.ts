import type { BureauRecord } from '../domain/scoring/sources';
import type { Subject } from '../domain/subjects/subject';

/** The credit bureau the scorecard reads (decisions D10). */
export const BUREAU_PORT = Symbol('BUREAU_PORT');

export interface BureauPort {
  /** What the bureau knows of the subject; null when it has no score for it (`no_score`). */
  lookup(subject: Subject): Promise<BureauRecord | null>;
}

/** A bureau score changed for a document id (of one country, or of every one when null). */
export interface BureauChange {
  doc_id: string;
  country: string | null;
  score: number;
}

export type BureauChangeHandler = (change: BureauChange) => Promise<void>;

/**
 * The handlers run after a bureau change commits, each durably as its own job of the risk
 * job queue (a failing one is retried alone, then set aside). Parts register theirs at
 * construction, under a name unique in the service: `handlers.add('monitoring', fn)`.
 */
export const BUREAU_CHANGE_HANDLERS = Symbol('BUREAU_CHANGE_HANDLERS');

export class BureauChangeHandlers {
  private readonly handlers = new Map<string, BureauChangeHandler>();

  add(name: string, handler: BureauChangeHandler): void {
    if (this.handlers.has(name))
      throw new Error(`bureau change handler ${name} is registered twice`);
    this.handlers.set(name, handler);
  }

  names(): string[] {
    return [...this.handlers.keys()];
  }

  handler(name: string): BureauChangeHandler | undefined {
    return this.handlers.get(name);
  }
}
