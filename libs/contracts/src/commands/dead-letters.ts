import { z } from 'zod';

/** Longest listing one service answers: the gateway merges every service's newest letters. */
export const MAX_DEAD_LETTERS_LISTED = 10_000;

/**
 * `<service>.list_dead_letters`, served by every bus service: the records its projections,
 * consumers and workers set aside (D12), newest failure first.
 */
export const listDeadLettersCommand = z
  .object({
    source: z.string().min(1).max(200).optional(),
    limit: z.number().int().min(1).max(MAX_DEAD_LETTERS_LISTED).default(20),
    offset: z.number().int().min(0).default(0),
  })
  .strict();
export type ListDeadLettersCommand = z.infer<typeof listDeadLettersCommand>;

export function listDeadLettersPattern(service: string): string {
  return `${service}.list_dead_letters`;
}

/**
 * `<service>.delete_dead_letter`: forgets a letter (`not_found` when there is none). A worker
 * then tries its record again; an event a projection or consumer passed stays passed.
 */
export const deleteDeadLetterCommand = z
  .object({ letter_id: z.string().regex(/^[1-9][0-9]{0,17}$/, 'letter_id must be a letter id') })
  .strict();

export function deleteDeadLetterPattern(service: string): string {
  return `${service}.delete_dead_letter`;
}

/** One letter as a service answers it. */
export interface DeadLetterView {
  letter_id: string;
  source: string;
  record_key: string;
  reason: string;
  payload: unknown;
  attempts: number;
  first_failed_at: string;
  last_failed_at: string;
}

export interface DeadLettersReply {
  total: number;
  dead_letters: DeadLetterView[];
}
