/** How much a StatementBatcher takes together. */
export interface StatementBatcherLimits {
  /** Writes running at once; further items wait and go together in the next one. */
  max_in_flight: number;
  /** Items in one write. */
  max_batch: number;
}

interface Waiting<In, Out> {
  input: In;
  resolve: (output: Out) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for one kind of statement: while `max_in_flight` writes run, submitted items wait,
 * and the ones waiting when a write ends go together in the next, one statement for them all. An
 * idle batcher writes an item at once; a busy one pays one round trip per batch instead of per
 * item. Should a write of several fail, each of its items is written alone, so that an item that
 * fails, fails alone. `write` answers one output per input, in order.
 */
export class StatementBatcher<In, Out> {
  private readonly waiting: Waiting<In, Out>[] = [];
  private in_flight = 0;

  constructor(
    private readonly write: (inputs: readonly In[]) => Promise<readonly Out[]>,
    private readonly limits: StatementBatcherLimits = { max_in_flight: 1, max_batch: 64 },
  ) {}

  submit(input: In): Promise<Out> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.in_flight < this.limits.max_in_flight && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.limits.max_batch);
      this.in_flight += 1;
      void this.flush(batch).finally(() => {
        this.in_flight -= 1;
        this.pump();
      });
    }
  }

  private async flush(batch: readonly Waiting<In, Out>[]): Promise<void> {
    try {
      const outputs = await this.writeAll(batch.map((item) => item.input));
      batch.forEach((item, index) => item.resolve(outputs[index]!));
    } catch (error) {
      const [only] = batch;
      if (batch.length === 1 && only) return only.reject(error);
      await Promise.all(
        batch.map((item) =>
          this.writeAll([item.input]).then(([output]) => item.resolve(output!), item.reject),
        ),
      );
    }
  }

  private async writeAll(inputs: readonly In[]): Promise<readonly Out[]> {
    const outputs = await this.write(inputs);
    if (outputs.length !== inputs.length)
      throw new Error(`a batch of ${inputs.length} was answered with ${outputs.length} outputs`);
    return outputs;
  }
}

/**
 * The items of a batch worth trying in one statement: of items that share a name (a unique key
 * they would take), only the first. Of rows taking one key, an insert with `on conflict do nothing`
 * stores the first and skips the rest, but its answer, matched back by that key, would tell each
 * of them it was stored; so the later ones are left out and lose to the first, as they would to
 * an earlier statement. Names should join their parts with NUL, which no stored text holds, so
 * that no two parts make one name.
 */
export function firstOfEachName<In>(
  inputs: readonly In[],
  namesOf: (input: In) => readonly string[],
): Set<In> {
  const taken = new Set<string>();
  const tried = new Set<In>();
  for (const input of inputs) {
    const names = namesOf(input);
    if (names.some((name) => taken.has(name))) continue;
    for (const name of names) taken.add(name);
    tried.add(input);
  }
  return tried;
}
