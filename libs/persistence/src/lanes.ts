/**
 * Works through `items` in `lanes` side by side, in order: a lane that finishes takes the next
 * item at once, not when the slowest of a group does. Takes no new item once `stopped()` answers
 * true (items already begun are finished). `work` must not throw: a worker reports its own
 * failures, and one item's failure must not end its lane.
 */
export async function inLanes<T>(
  items: readonly T[],
  lanes: number,
  work: (item: T) => Promise<void>,
  stopped: () => boolean = () => false,
): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length && !stopped()) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
}

/** `items` in groups of `size`, in order; the last may be smaller. */
export function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size)
    chunks.push(items.slice(start, start + size));
  return chunks;
}
