/**
 * Runs `together` for records worked on as one (a transaction for them all, say); should it fail,
 * runs `alone` for each record, all at once, so that one failing record fails alone and the
 * others go through. Answers the keys whose work failed, with why (empty when `together` went
 * through). `alone` must be safe to run after a `together` that failed: each record's work may
 * then run twice, as after a crash.
 */
export async function togetherOrAlone(
  keys: readonly string[],
  together: () => Promise<unknown>,
  alone: (key: string) => Promise<unknown>,
): Promise<Map<string, unknown>> {
  try {
    await together();
    return new Map();
  } catch {
    return failuresOf(keys, alone);
  }
}

/** Runs `work` for each key, all at once: the keys whose work failed, with why. */
export async function failuresOf(
  keys: readonly string[],
  work: (key: string) => Promise<unknown>,
): Promise<Map<string, unknown>> {
  const failures = new Map<string, unknown>();
  await Promise.all(
    keys.map((key) => work(key).catch((error: unknown) => void failures.set(key, error))),
  );
  return failures;
}
