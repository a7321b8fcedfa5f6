import type { CollectionConnector } from '../application/ports';
import { sandboxOutcome } from '../domain/sandbox-outcome';

/** The test environment's rail (decisions D6): magic amounts, one step per `SANDBOX_STEP_MS`. */
export function sandboxConnector(step_ms: number): CollectionConnector {
  return {
    step_ms,
    rejectsAtCreate: (method, amount_text) =>
      sandboxOutcome(method, amount_text) === 'reject_at_create',
    plan: (method, amount_text) => {
      const outcome = sandboxOutcome(method, amount_text);
      return outcome === 'reject_at_create' ? 'pay' : outcome;
    },
  };
}

/**
 * The live rail: no payment provider is wired (decisions D7), so every collection waits for an
 * operator's confirmation and nothing completes by itself.
 */
export function manualConnector(): CollectionConnector {
  return { step_ms: null, rejectsAtCreate: () => false, plan: () => 'manual' };
}
