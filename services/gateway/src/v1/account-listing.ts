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
): Promise<Page<C, Row>>;
/** @deprecated A command not yet in the catalog: its rows are untyped. */
export async function accountListing<C extends string>(
  bus: BusClient,
  options: ListingOptions<C, string>,
): Promise<Page<C, unknown>>;
export async function accountListing<C extends string>(
  bus: BusClient,
  options: ListingOptions<C, AccountListCommand<C, unknown> | string>,
): Promise<Page<C, unknown>> {
  const pagination = parsePagination(options.query);
  const request = {
    account_id: options.principal.account_id,
    limit: pagination.page_size,
    offset: pagination.offset,
  };
  const reply =
    typeof options.command === 'string'
      ? await bus.send<Record<C, unknown[]>>(options.command, request)
      : await bus.send(options.command, request);
  return pageBody(options.collection, pagination, reply[options.collection]);
}
