import { z } from 'zod';
import { COMMAND_SERVICES, defineCommand, type CommandService } from '../catalog/define';

/** Longest listing one service answers: the gateway merges every service's newest letters. */
export const MAX_DEAD_LETTERS_LISTED = 10_000;

/** `<service>.list_dead_letters`: newest failure first, optionally of one source. */
export const listDeadLettersCommand = z
  .object({
    source: z.string().min(1).max(200).optional(),
    limit: z.number().int().min(1).max(MAX_DEAD_LETTERS_LISTED).default(20),
    offset: z.number().int().min(0).default(0),
  })
  .strict();
export type ListDeadLettersCommand = z.infer<typeof listDeadLettersCommand>;

/** `<service>.delete_dead_letter`: the letter to forget. */
export const deleteDeadLetterCommand = z
  .object({ letter_id: z.string().regex(/^[1-9][0-9]{0,17}$/, 'letter_id must be a letter id') })
  .strict();
export type DeleteDeadLetterCommand = z.infer<typeof deleteDeadLetterCommand>;

const instant = z.string().describe('ISO 8601 UTC timestamp');

/** One letter as a service answers it. */
export const deadLetterView = z.object({
  letter_id: z.string(),
  source: z
    .string()
    .describe(
      'what set it aside: projection:ledger, consumer:events.ledger, worker:payout_step...',
    ),
  record_key: z.string().describe("the record's id in its source: an event, message or row id"),
  reason: z.string(),
  payload: z.unknown().describe('the record as JSON, or its text when it was not JSON'),
  attempts: z.number().int(),
  first_failed_at: instant,
  last_failed_at: instant,
});
export type DeadLetterView = z.infer<typeof deadLetterView>;

export const deadLettersReply = z.object({
  total: z.number().int(),
  dead_letters: z.array(deadLetterView),
});
export type DeadLettersReply = z.infer<typeof deadLettersReply>;

function deadLetterCommands(service: CommandService) {
  return {
    list: defineCommand({
      name: `${service}.list_dead_letters`,
      summary: 'the records set aside by projections, consumers and workers, newest failure first',
      request: listDeadLettersCommand,
      reply: deadLettersReply,
    }),
    /**
     * Forgets a letter (`not_found` when there is none). A worker then tries its record again;
     * an event a projection or consumer passed stays passed.
     */
    delete: defineCommand({
      name: `${service}.delete_dead_letter`,
      summary: 'forget a letter: a worker tries its record again',
      request: deleteDeadLetterCommand,
      reply: deadLetterView,
    }),
  };
}

/**
 * The dead letters of every bus service (D12): each service owns its table in its own schema, so
 * the operator reaches each one over the bus. `DEAD_LETTER_COMMANDS.ledger.list`...
 */
export const DEAD_LETTER_COMMANDS = Object.fromEntries(
  COMMAND_SERVICES.map((service) => [service, deadLetterCommands(service)]),
) as Record<CommandService, ReturnType<typeof deadLetterCommands>>;
