import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { InsightsFilter } from '@aas/sdk';
import { EmptyState, ErrorNotice, Loading } from '../components/Notice';
import { Pager } from '../components/Pager';
import { aas } from '../lib/session';

const TYPES = ['report', 'infographic', 'powerpoint', 'chart'] as const;
const ORDERS = { published_at: 'Published', popularity: 'Popularity', trending: 'Trending', name: 'Name' } as const;
const PAGE = 10;

/** Published insights, filtered by type and trend, ordered, page by page. */
export default function InsightsPage() {
  const [types, setTypes] = useState<(typeof TYPES)[number][]>([]);
  const [trending, setTrending] = useState(false);
  const [orderBy, setOrderBy] = useState<keyof typeof ORDERS>('published_at');
  const [offset, setOffset] = useState(0);
  const filter: InsightsFilter = {
    filters: { ...(types.length ? { types } : {}), ...(trending ? { is_trending: true } : {}) },
    order_by: orderBy,
    order: orderBy === 'name' ? 'asc' : 'desc',
  };
  const list = useQuery({
    queryKey: ['insights', filter, offset],
    queryFn: ({ signal }) => aas.insights.filter({ ...filter, offset, limit: PAGE }, { signal }),
    placeholderData: keepPreviousData,
  });
  const refilter = (f: () => void) => {
    f();
    setOffset(0);
  };
  return (
    <section>
      <h1>Insights</h1>
      <form className="row filters" onSubmit={(e) => e.preventDefault()}>
        <fieldset className="choices-inline">
          <legend>Types</legend>
          {TYPES.map((t) => (
            <label key={t}>
              <input
                type="checkbox"
                checked={types.includes(t)}
                onChange={(e) => refilter(() => setTypes(e.target.checked ? [...types, t] : types.filter((x) => x !== t)))}
              />{' '}
              {t}
            </label>
          ))}
        </fieldset>
        <label>
          <input type="checkbox" checked={trending} onChange={(e) => refilter(() => setTrending(e.target.checked))} /> Trending only
        </label>
        <label>
          Order by{' '}
          <select value={orderBy} onChange={(e) => refilter(() => setOrderBy(e.target.value as keyof typeof ORDERS))}>
            {Object.entries(ORDERS).map(([k, label]) => (
              <option key={k} value={k}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </form>
      {list.isPending && <Loading what="insights" />}
      {list.error && <ErrorNotice error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && list.data.total === 0 && <EmptyState title="No insight matches these filters">Untick a type or “Trending only” to see more.</EmptyState>}
      {list.data && list.data.total > 0 && (
        <>
          <ul className="cards insights">
            {list.data.insights.map((i) => (
              <li key={i.id}>
                <h2>{i.name}</h2>
                <p className="muted">
                  {i.type} · published {new Date(i.published_at).toLocaleDateString()} · popularity {i.popularity.toFixed(0)}
                  {i.is_trending && <span className="badge">trending</span>}
                </p>
                <p>{i.description}</p>
              </li>
            ))}
          </ul>
          <Pager label="Insights" total={list.data.total} offset={offset} limit={PAGE} onChange={setOffset} />
        </>
      )}
    </section>
  );
}
