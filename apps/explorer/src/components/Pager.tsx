import { pageInfo } from '@aas/sdk';

/** Previous / next over a list of `total` items, `limit` a page, showing "11-20 of 23". */
export function Pager({
  total,
  offset,
  limit,
  onChange,
  label,
}: {
  total: number;
  offset: number;
  limit: number;
  onChange: (offset: number) => void;
  label: string;
}) {
  const info = pageInfo({ total, offset, limit });
  return (
    <nav className="pager" aria-label={`${label} pages`}>
      <button type="button" disabled={info.previousOffset === undefined} onClick={() => info.previousOffset !== undefined && onChange(info.previousOffset)}>
        Previous
      </button>
      <span>
        {info.first}-{info.last} of {total} (page {info.page} of {info.pageCount})
      </span>
      <button type="button" disabled={info.nextOffset === undefined} onClick={() => info.nextOffset !== undefined && onChange(info.nextOffset)}>
        Next
      </button>
    </nav>
  );
}
