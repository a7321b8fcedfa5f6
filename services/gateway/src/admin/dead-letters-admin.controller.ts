import { Controller, Delete, Get, Param, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { z } from 'zod';
import {
  DEAD_LETTER_COMMANDS,
  deadLetterView,
  DomainError,
  MAX_DEAD_LETTERS_LISTED,
  type CommandService,
  type DeadLettersReply,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { isTransientFailure } from '@platform/persistence';
import { BUS_SERVICE_NAMES } from '@platform/runtime';
import { ApiReply, listingPage, parsePagination, ValidatedQuery, type Pagination } from '../http';
import { OperatorGuard } from './operator.guard';

const busService = z.enum(BUS_SERVICE_NAMES as [CommandService, ...CommandService[]]);

const deadLettersQuery = z
  .object({
    service: busService.optional(),
    source: z.string().min(1).max(200).optional(),
    page: z.unknown().optional(),
    page_size: z.unknown().optional(),
  })
  .strict();
type DeadLettersQuery = z.infer<typeof deadLettersQuery>;

/** The operator's page: every service's letters merged, each named by its service. */
const deadLettersPage = listingPage(
  'dead_letters',
  deadLetterView.extend({ service: busService }),
).extend({
  total: z.number().int(),
  unavailable: z
    .array(busService)
    .describe('services that did not answer in time: their letters are not in this page'),
});
type DeadLettersPage = z.infer<typeof deadLettersPage>;

/** How long the listing waits for each service: an operator is not kept waiting by a dead one. */
const LISTING_TIMEOUT_MS = 5_000;

/**
 * The records that projections, consumers and workers set aside (D12), with the reason, newest
 * failure first. Each service owns its table: one service is asked, or every one and merged.
 */
@ApiExcludeController()
@UseGuards(OperatorGuard)
@Controller('admin/v1/dead-letters')
export class DeadLettersAdminController {
  constructor(private readonly bus: BusClient) {}

  @Get()
  @ApiReply(deadLettersPage)
  async list(@ValidatedQuery(deadLettersQuery) query: DeadLettersQuery): Promise<DeadLettersPage> {
    const pagination = parsePagination(query);
    const services = query.service ? [query.service] : BUS_SERVICE_NAMES;
    // Every service's newest letters up to this page, merged; one service pages by itself.
    const window =
      services.length === 1
        ? { limit: pagination.limit, offset: pagination.offset }
        : { limit: pagination.offset + pagination.page_size, offset: 0 };
    if (window.limit > MAX_DEAD_LETTERS_LISTED)
      throw new DomainError('invalid_request', 'page is too far: filter by service');
    const replies = await Promise.all(
      services.map(async (service) => {
        const payload = { ...(query.source ? { source: query.source } : {}), ...window };
        const options = { timeout_ms: LISTING_TIMEOUT_MS };
        try {
          return {
            service,
            reply: await this.bus.send(DEAD_LETTER_COMMANDS[service].list, payload, options),
          };
        } catch (error) {
          // A service that is down must not hide the others' letters: it is named instead.
          if (services.length > 1 && isTransientFailure(error)) return { service, reply: null };
          throw error;
        }
      }),
    );
    return pageOf(replies, pagination, services.length === 1);
  }

  /** Forgets a letter: a worker tries its record again (see `DEAD_LETTER_COMMANDS`). */
  @Delete(':service/:letter_id')
  @ApiReply(DEAD_LETTER_COMMANDS.ledger.delete)
  delete(@Param('service') service: string, @Param('letter_id') letter_id: string) {
    const named = busService.safeParse(service);
    if (!named.success) throw new DomainError('not_found', `no service ${service}`);
    return this.bus.send(DEAD_LETTER_COMMANDS[named.data].delete, { letter_id });
  }
}

function pageOf(
  replies: { service: CommandService; reply: DeadLettersReply | null }[],
  pagination: Pagination,
  paged_by_service: boolean,
): DeadLettersPage {
  const merged = replies
    .flatMap(({ service, reply }) =>
      (reply?.dead_letters ?? []).map((letter) => ({ service, ...letter })),
    )
    .sort((a, b) => b.last_failed_at.localeCompare(a.last_failed_at));
  const total = replies.reduce((sum, { reply }) => sum + (reply?.total ?? 0), 0);
  return {
    page: pagination.page,
    page_size: pagination.page_size,
    has_more: pagination.offset + pagination.page_size < total,
    total,
    dead_letters: paged_by_service
      ? merged
      : merged.slice(pagination.offset, pagination.offset + pagination.page_size),
    unavailable: replies.filter(({ reply }) => reply === null).map(({ service }) => service),
  };
}
