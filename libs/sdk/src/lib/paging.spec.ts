import { items, pageInfo, pages } from './paging';

describe('pages', () => {
  const all = Array.from({ length: 23 }, (_, i) => i);
  const fetchPage = jest.fn(async (offset: number, limit: number) => ({ items: all.slice(offset, offset + limit), total: all.length, offset, limit }));

  beforeEach(() => fetchPage.mockClear());

  it('requests page after page up to the total', async () => {
    const seen: number[][] = [];
    for await (const page of pages(fetchPage, { limit: 10 })) seen.push(page.items);
    expect(seen.map((p) => p.length)).toEqual([10, 10, 3]);
    expect(fetchPage.mock.calls).toEqual([
      [0, 10],
      [10, 10],
      [20, 10],
    ]);
  });

  it('asks for no further page once the caller stops', async () => {
    const got: number[] = [];
    for await (const item of items(fetchPage, { limit: 5, offset: 5 })) {
      got.push(item);
      if (got.length === 7) break;
    }
    expect(got).toEqual([5, 6, 7, 8, 9, 10, 11]);
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it('ends at an empty page even when the total says more (a list that shrank)', async () => {
    const shrinking = async (offset: number, limit: number) => ({ items: offset === 0 ? [1, 2] : [], total: 10, offset, limit });
    const seen: number[] = [];
    for await (const item of items(shrinking, { limit: 2 })) seen.push(item);
    expect(seen).toEqual([1, 2]);
  });
});

describe('pageInfo', () => {
  it('says where a page sits and where the next and previous ones start', () => {
    expect(pageInfo({ total: 23, offset: 10, limit: 10 })).toEqual({ page: 2, pageCount: 3, first: 11, last: 20, nextOffset: 20, previousOffset: 0 });
    expect(pageInfo({ total: 23, offset: 20, limit: 10 })).toMatchObject({ page: 3, last: 23, nextOffset: undefined });
    expect(pageInfo({ total: 0, offset: 0, limit: 10 })).toEqual({
      page: 1,
      pageCount: 1,
      first: 0,
      last: 0,
      nextOffset: undefined,
      previousOffset: undefined,
    });
  });
});
