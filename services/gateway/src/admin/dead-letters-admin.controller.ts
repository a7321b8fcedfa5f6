import { Controller, Delete, Get, Param, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { z } from 'zod';
import {
  deleteDeadLetterPattern,
  DomainError,
  listDeadLettersPattern,
  MAX_DEAD_LETTERS_LISTED,
  type DeadLettersReply,
  type DeadLetterView,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { BUS_SERVICE_NAMES } from '@platform/runtime';
import { parsePagination, ValidatedQuery, type Pagination } from '../http';
import { OperatorGuard } from './operator.guard';

type BusServiceName = (typeof BUS_SERVICE_NAMES)[number];

const deadLettersQuery = z
  .object({
    service: z.enum(BUS_SERVICE_NAMES as [BusServiceName, ...BusServiceName[]]).optional(),
    source: z.string().min(1).max(200).optional(),
    page: z.unknown().optional(),
    page_size: z.unknown().optional(),
  })
  .strict();
type DeadLettersQuery = z.infer<typeof deadLettersQuery>;

type ServiceLetter = DeadLetterView & { service: string };

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
  async list(@ValidatedQuery(deadLettersQuery) query: DeadLettersQuery) {
    const pagination = parsePagination(query);
    const services = query.service ? [query.service] : BUS_SERVICE_NAMES;
    // Every service's newest letters up to this page, merged; one service pages by itself.
    const window =
      services.length === 1
        ? { limit: pagination.page_size, offset: pagination.offset }
        : { limit: pagination.offset + pagination.page_size, offset: 0 };
    if (window.limit > MAX_DEAD_LETTERS_LISTED)
      throw new DomainError('invalid_request', 'page is too far: filter by service');
    const replies = await Promise.all(
      services.map(async (service) => ({
        service,
        reply: await this.bus.send<DeadLettersReply>(listDeadLettersPattern(service), {
          ...(query.source ? { source: query.source } : {}),
          ...window,
        }),
      })),
    );
    return pageOf(replies, pagination, services.length === 1);
  }

  /** Forgets a letter: a worker tries its record again (see `<service>.delete_dead_letter`). */
  @Delete(':service/:letter_id')
  delete(@Param('service') service: string, @Param('letter_id') letter_id: string) {
    if (!(BUS_SERVICE_NAMES as readonly string[]).includes(service))
      throw new DomainError('not_found', `no service ${service}`);
    return this.bus.send(deleteDeadLetterPattern(service), { letter_id });
  }
}

function pageOf(
  replies: { service: string; reply: DeadLettersReply }[],
  pagination: Pagination,
  paged_by_service: boolean,
) {
  const merged: ServiceLetter[] = replies
    .flatMap(({ service, reply }) => reply.dead_letters.map((letter) => ({ service, ...letter })))
    .sort((a, b) => b.last_failed_at.localeCompare(a.last_failed_at));
  return {
    page: pagination.page,
    page_size: pagination.page_size,
    total: replies.reduce((sum, { reply }) => sum + reply.total, 0),
    dead_letters: paged_by_service
      ? merged
      : merged.slice(pagination.offset, pagination.offset + pagination.page_size),
  };
}
