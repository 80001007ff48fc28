/** One page of a list, whatever the endpoint calls its members. */
export interface Page<T> {
  items: T[];
  /** Every match, over all pages. */
  total: number;
  offset: number;
  limit: number;
}

/** Where a page sits among all of them (1-based page numbers), for "page 2 of 7" and the links beside it. */
export function pageInfo(page: Pick<Page<unknown>, 'total' | 'offset' | 'limit'>): {
  page: number;
  pageCount: number;
  first: number;
  last: number;
  nextOffset: number | undefined;
  previousOffset: number | undefined;
} {
  const limit = Math.max(1, page.limit);
  const pageCount = Math.max(1, Math.ceil(page.total / limit));
  const next = page.offset + limit;
  return {
    page: Math.floor(page.offset / limit) + 1,
    pageCount,
    first: page.total === 0 ? 0 : page.offset + 1,
    last: Math.min(page.total, page.offset + limit),
    nextOffset: next < page.total ? next : undefined,
    previousOffset: page.offset > 0 ? Math.max(0, page.offset - limit) : undefined,
  };
}

export interface PagingOptions {
  /** Items per request (default 50). */
  limit?: number;
  /** Where to start (default 0). */
  offset?: number;
}

/**
 * Every page of a list, requested one after the other as the caller iterates (stop early and no
 * further page is asked for). Ends at the total, or at an empty page (a list that shrank meanwhile).
 */
export async function* pages<T>(
  fetchPage: (offset: number, limit: number) => Promise<Page<T>>,
  options: PagingOptions = {},
): AsyncGenerator<Page<T>, void, undefined> {
  const limit = options.limit ?? 50;
  let offset = options.offset ?? 0;
  for (;;) {
    const page = await fetchPage(offset, limit);
    yield page;
    offset += page.items.length;
    if (page.items.length === 0 || offset >= page.total) return;
  }
}

/** Every item of a list, page by page (see `pages`). */
export async function* items<T>(
  fetchPage: (offset: number, limit: number) => Promise<Page<T>>,
  options: PagingOptions = {},
): AsyncGenerator<T, void, undefined> {
  for await (const page of pages(fetchPage, options)) yield* page.items;
}
