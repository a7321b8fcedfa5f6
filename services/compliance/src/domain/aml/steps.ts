/**
 * Work done a step at a time: a generator that yields between steps and returns what it built.
 * Run to its end at once (`finish`), or with the event loop let run between steps
 * (`finishBetweenTurns`), so that loading a large list does not hold every request of the process.
 */
export type Steps<Built> = Generator<void, Built>;

export function finish<Built>(steps: Steps<Built>): Built {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

export async function finishBetweenTurns<Built>(steps: Steps<Built>): Promise<Built> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** `items` mapped (a null answer left out), a step every `per_step` items. */
export function* mapInSteps<Item, Mapped>(
  items: readonly Item[],
  per_step: number,
  map: (item: Item) => Mapped | null,
): Steps<Mapped[]> {
  const mapped: Mapped[] = [];
  for (const [index, item] of items.entries()) {
    if (index > 0 && index % per_step === 0) yield;
    const each = map(item);
    if (each !== null) mapped.push(each);
  }
  return mapped;
}
