import { DomainError } from '@platform/contracts';
import { MAX_PAGE_SIZE, pageBody, parsePagination } from './pagination';

function errorOf(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

describe('parsePagination', () => {
  it('defaults to the first page of 20', () => {
    expect(parsePagination({})).toEqual({ page: 1, page_size: 20, offset: 0, limit: 21 });
    expect(parsePagination({ page: '', page_size: '' })).toEqual({
      page: 1,
      page_size: 20,
      offset: 0,
      limit: 21,
    });
  });

  it('reads page and page_size from query strings', () => {
    expect(parsePagination({ page: '3', page_size: '50' })).toEqual({
      page: 3,
      page_size: 50,
      offset: 100,
      limit: 51,
    });
  });

  it('clamps page_size above the cap to 100', () => {
    expect(parsePagination({ page_size: '1000' }).page_size).toBe(MAX_PAGE_SIZE);
    expect(parsePagination({ page: '2', page_size: '101' })).toEqual({
      page: 2,
      page_size: 100,
      offset: 100,
      limit: 101,
    });
  });

  it.each([
    ['page', '0'],
    ['page', '-1'],
    ['page', 'abc'],
    ['page', '1.5'],
    ['page', ['1', '2']],
    ['page_size', '0'],
    ['page_size', '2e3'],
    ['page_size', ' 5'],
    ['page', '9999999999999999999'],
  ])('answers invalid_request for %s=%j', (name, value) => {
    const error = errorOf(() => parsePagination({ [name]: value }));
    expect(error.code).toBe('invalid_request');
    expect(error.message).toContain(name);
  });
});

describe('pageBody', () => {
  it('names the array after the collection and keeps the rows in order', () => {
    const body = pageBody('payouts', { page: 2, page_size: 2 }, [{ id: 'b' }, { id: 'a' }]);
    expect(body).toEqual({
      page: 2,
      page_size: 2,
      has_more: false,
      payouts: [{ id: 'b' }, { id: 'a' }],
    });
    expect(Object.keys(body)).toEqual(['page', 'page_size', 'has_more', 'payouts']);
  });

  it('drops the extra row asked for and says another page follows', () => {
    const pagination = parsePagination({ page_size: '2' });
    const rows = [{ id: 'c' }, { id: 'b' }, { id: 'a' }].slice(0, pagination.limit);
    expect(pageBody('payouts', pagination, rows)).toEqual({
      page: 1,
      page_size: 2,
      has_more: true,
      payouts: [{ id: 'c' }, { id: 'b' }],
    });
  });

  it('says no page follows an empty or short page', () => {
    expect(pageBody('payouts', { page: 3, page_size: 2 }, []).has_more).toBe(false);
    expect(pageBody('payouts', { page: 1, page_size: 2 }, [{ id: 'a' }]).has_more).toBe(false);
  });
});
