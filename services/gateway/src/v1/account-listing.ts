import type { z } from 'zod';
import type { CommandDefinition } from '@platform/contracts';
import type { BusClient } from '@platform/messaging';
import { pageBody, parsePagination, type Page, type PaginationQuery } from '../http';
import type { Principal } from '../auth/principal';

/** A list command of an account's collection: `{account_id, limit, offset}` in, `{<collection>: rows}` out. */
type AccountListCommand<C extends string, Row> = CommandDefinition<
  z.ZodType<unknown, { account_id: string; limit: number; offset: number }>,
  z.ZodType<Record<C, Row[]>>
>;

interface ListingOptions<C extends string, Command> {
  command: Command;
  collection: C;
  principal: Principal;
  query: PaginationQuery;
}

/**
 * One page of an account's collection from a list command that takes `{account_id, limit,
 * offset}` and answers `{<collection>: rows}`: the listing convention of decisions D7.
 */
export async function accountListing<C extends string, Row>(
  bus: BusClient,
  options: ListingOptions<C, AccountListCommand<C, Row>>,
): Promise<Page<C, Row>> {
  const pagination = parsePagination(options.query);
  const reply = await bus.send(options.command, {
    account_id: options.principal.account_id,
    limit: pagination.limit,
    offset: pagination.offset,
  });
  return pageBody(options.collection, pagination, reply[options.collection]);
}
