import type { BusClient } from '@platform/messaging';
import { pageBody, parsePagination, type PaginationQuery } from '../http';
import type { Principal } from '../auth/principal';

/**
 * One page of an account's collection from a list command that takes `{account_id, limit,
 * offset}` and answers `{<collection>: rows}`: the listing convention of decisions D7.
 */
export async function accountListing<C extends string>(
  bus: BusClient,
  options: { command: string; collection: C; principal: Principal; query: PaginationQuery },
): Promise<{ page: number; page_size: number } & Record<C, unknown[]>> {
  const pagination = parsePagination(options.query);
  const reply = await bus.send<Record<C, unknown[]>>(options.command, {
    account_id: options.principal.account_id,
    limit: pagination.page_size,
    offset: pagination.offset,
  });
  return pageBody(options.collection, pagination, reply[options.collection]) as {
    page: number;
    page_size: number;
  } & Record<C, unknown[]>;
}
