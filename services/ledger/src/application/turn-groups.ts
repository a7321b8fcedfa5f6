/** What one member of a group came to: its result, or the error it is refused with. */
export type GroupOutcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

/** Runs one group, oldest first; one outcome per member, in order. */
export type GroupRunner<T, R> = (members: readonly T[]) => Promise<GroupOutcome<R>[]>;

interface Waiting<T, R> {
  member: T;
  /** Resolved with the group when this member leads it, with null when another does. */
  lead: (group: Waiting<T, R>[] | null) => void;
  settle: (outcome: GroupOutcome<R>) => void;
}

/**
 * Group commit for whole commands: while one group runs, the commands that arrive wait, and
 * those waiting when it ends run together as the next group (at most `max_group`). An idle
 * process runs a command at once, alone. The group is run by its first member's own call, so it
 * runs in that caller's async context (its trace), not in the previous group's.
 */
export class TurnGroups<T, R> {
  private readonly waiting: Waiting<T, R>[] = [];
  private running = false;

  constructor(
    private readonly run: GroupRunner<T, R>,
    private readonly max_group: number,
  ) {
    if (!Number.isInteger(max_group) || max_group < 1)
      throw new Error(`max_group must be a positive integer, got ${max_group}`);
  }

  async submit(member: T): Promise<R> {
    let lead: Waiting<T, R>['lead'] = () => undefined;
    let settle: Waiting<T, R>['settle'] = () => undefined;
    const led = new Promise<Waiting<T, R>[] | null>((resolve) => (lead = resolve));
    const settled = new Promise<GroupOutcome<R>>((resolve) => (settle = resolve));
    this.waiting.push({ member, lead, settle });
    this.startNext();
    const group = await led;
    if (group !== null) await this.runGroup(group);
    const outcome = await settled;
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  }

  private startNext(): void {
    if (this.running || this.waiting.length === 0) return;
    this.running = true;
    const group = this.waiting.splice(0, this.max_group);
    group.forEach((waiting, index) => waiting.lead(index === 0 ? group : null));
  }

  private async runGroup(group: Waiting<T, R>[]): Promise<void> {
    try {
      const outcomes = await this.run(group.map((waiting) => waiting.member));
      group.forEach((waiting, index) =>
        waiting.settle(
          outcomes[index] ?? { ok: false, error: new Error('the group runner gave no outcome') },
        ),
      );
    } catch (error) {
      for (const waiting of group) waiting.settle({ ok: false, error });
    } finally {
      this.running = false;
      this.startNext();
    }
  }
}

/** The outcome of `work`, caught. */
export async function outcomeOf<R>(work: () => Promise<R>): Promise<GroupOutcome<R>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    return { ok: false, error };
  }
}
