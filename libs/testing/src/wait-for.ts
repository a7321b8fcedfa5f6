/** Polls `condition` until it holds; throws once `timeout_ms` has passed without it. */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  timeout_ms = 30_000,
  poll_ms = 20,
): Promise<void> {
  const deadline = Date.now() + timeout_ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, poll_ms));
  }
}
