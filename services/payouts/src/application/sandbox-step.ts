import type { PlatformContext } from '@platform/runtime';

/** Decisions D6: each simulated step takes SANDBOX_STEP_MS (default 2000 ms; 0 steps at once). */
export const DEFAULT_SANDBOX_STEP_MS = 2000;

export function sandboxStepMs(context: Pick<PlatformContext, 'settings'>): number {
  const raw = context.settings.SANDBOX_STEP_MS;
  if (raw === undefined || raw === '') return DEFAULT_SANDBOX_STEP_MS;
  const parsed = Number(raw);
  return Number.isInteger(parsed) && parsed >= 0 ? parsed : DEFAULT_SANDBOX_STEP_MS;
}
