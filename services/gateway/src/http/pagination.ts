import { DomainError } from '@platform/contracts';

/** D7: pages start at 1; page_size defaults to 20 and a larger value than 100 is clamped. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export interface Pagination {
  page: number;
  page_size: number;
  /** Rows to skip before this page. */
  offset: number;
  /** Rows to ask for: one more than the page, so `pageBody` knows whether another page follows. */
  limit: number;
}

export interface PaginationQuery {
  page?: unknown;
  page_size?: unknown;
}

export function parsePagination(query: PaginationQuery): Pagination {
  const page = parsePositiveInteger('page', query.page) ?? 1;
  const requested_size = parsePositiveInteger('page_size', query.page_size) ?? DEFAULT_PAGE_SIZE;
  const page_size = Math.min(requested_size, MAX_PAGE_SIZE);
  const offset = (page - 1) * page_size;
  if (!Number.isSafeInteger(offset)) throw new DomainError('invalid_request', 'page is too large');
  return { page, page_size, offset, limit: page_size + 1 };
}

export type Page<TCollection extends string, TRow> = {
  page: number;
  page_size: number;
  has_more: boolean;
} & {
  [K in TCollection]: TRow[];
};

/**
 * `{page, page_size, has_more, has_more, <collection>: rows}`; the caller already ordered the rows newest
 * first and asked for `pagination.limit` of them: a row past the page means another page follows.
 */
export function pageBody<TCollection extends string, TRow>(
  collection: TCollection,
  pagination: Pick<Pagination, 'page' | 'page_size'>,
  rows: readonly TRow[],
): Page<TCollection, TRow> {
  return {
    page: pagination.page,
    page_size: pagination.page_size,
    has_more: rows.length > pagination.page_size,
    [collection]: rows.slice(0, pagination.page_size),
  } as Page<TCollection, TRow>;
}

// Query values arrive as strings (or arrays when repeated); absent and empty mean the default.
function parsePositiveInteger(name: string, value: unknown): number | undefined {
  if (value === undefined || value === '') return undefined;
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^\d{1,15}$/.test(text) || Number(text) < 1) {
    throw new DomainError('invalid_request', `${name} must be a positive integer`);
  }
  return Number(text);
}
