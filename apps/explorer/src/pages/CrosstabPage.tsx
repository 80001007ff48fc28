import { useQuery } from '@tanstack/react-query';
import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { CrosstabAudience, CrosstabExportMetric, CrosstabQuery } from '@aas/sdk';
import { ErrorNotice } from '../components/Notice';
import { download } from '../lib/download';
import { CellGrid, METRICS, type Metric, sortRows } from '../lib/heatmap';
import { aas } from '../lib/session';
import { AxisEditor } from './crosstab/AxisEditor';
import { Heatmap } from './crosstab/Heatmap';

type Sort = { by: 'none' } | { by: 'label' } | { by: 'column'; column: number; metric: Metric };
type RunState = 'idle' | 'streaming' | 'done' | 'stopped' | 'failed';

const EXPORT_METRIC: Record<Metric, CrosstabExportMetric> = {
  index: 'index',
  column_percentage: 'column_percentage',
  row_percentage: 'row_percentage',
  percentage: 'percentage',
};

/**
 * The query a link carries (`#q=<JSON>`, e.g. from an assistant's figure), or undefined. In the
 * fragment, not the query string: a 100x100 query is too long for a request line, and the server
 * has no use for it.
 */
function linkedQuery(hash: string): CrosstabQuery | undefined {
  const text = new URLSearchParams(hash.replace(/^#/, '')).get('q');
  if (!text) return undefined;
  try {
    return JSON.parse(text) as CrosstabQuery;
  } catch {
    return undefined;
  }
}

/** Build a crosstab, stream it into a heatmap, sort it and export it. */
export default function CrosstabPage() {
  const { hash } = useLocation();
  const linked = useMemo(() => linkedQuery(hash), [hash]);
  const [rows, setRows] = useState<CrosstabAudience[]>(linked?.rows ?? []);
  const [columns, setColumns] = useState<CrosstabAudience[]>(linked?.columns ?? []);
  const [base, setBase] = useState<CrosstabAudience | undefined>(linked?.base_audience);
  const [locations, setLocations] = useState<string[]>(linked?.locations ?? []);
  const [waves, setWaves] = useState<string[]>(linked?.waves ?? []);
  const [metric, setMetric] = useState<Metric>('index');
  const [significance, setSignificance] = useState<'' | '90' | '95' | '99'>('');
  const [sort, setSort] = useState<Sort>({ by: 'none' });
  const [run, setRun] = useState<{ query: CrosstabQuery; significance: typeof significance; id: number }>();
  const query: CrosstabQuery = { rows, columns, base_audience: base, locations, waves };

  useEffect(() => {
    if (linked) setRun({ query: linked, significance: '', id: Date.now() });
  }, [linked]);

  return (
    <section>
      <h1>Crosstab</h1>
      <form
        className="crosstab-form"
        onSubmit={(e) => {
          e.preventDefault();
          setRun({ query, significance, id: Date.now() });
        }}
      >
        <div className="columns">
          <AxisEditor title="Rows" items={rows} onChange={setRows} />
          <AxisEditor title="Columns" items={columns} onChange={setColumns} />
        </div>
        <Scope base={base} setBase={setBase} locations={locations} setLocations={setLocations} waves={waves} setWaves={setWaves} />
        <div className="row">
          <label>
            Significance{' '}
            <select value={significance} onChange={(e) => setSignificance(e.target.value as typeof significance)}>
              <option value="">off</option>
              <option value="90">90%</option>
              <option value="95">95%</option>
              <option value="99">99%</option>
            </select>
          </label>
          <button type="submit">Run crosstab</button>
        </div>
      </form>
      <div className="row toolbar">
        <label>
          Show{' '}
          <select value={metric} onChange={(e) => setMetric(e.target.value as Metric)}>
            {Object.entries(METRICS).map(([key, m]) => (
              <option key={key} value={key}>
                {m.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Sort rows{' '}
          <select
            value={sort.by === 'column' ? `column:${sort.column}` : sort.by}
            onChange={(e) => {
              const v = e.target.value;
              setSort(v.startsWith('column:') ? { by: 'column', column: Number(v.slice(7)), metric } : { by: v as 'none' | 'label' });
            }}
          >
            <option value="none">as added</option>
            <option value="label">by name</option>
            {(run?.query.columns ?? []).map((c, i) => (
              <option key={c.id ?? i} value={`column:${i + 1}`}>
                by {c.name ?? c.id}, highest first
              </option>
            ))}
          </select>
        </label>
        {run && <Exports query={run.query} metric={metric} />}
      </div>
      {run ? (
        <Results key={run.id} query={run.query} significance={run.significance} metric={metric} sort={sort.by === 'column' ? { ...sort, metric } : sort} />
      ) : (
        <div className="notice notice-empty">
          <p className="notice-title">No crosstab yet</p>
          <p>Add rows and columns (a question's answers or saved audiences), choose markets and waves if you like, then “Run crosstab”.</p>
        </div>
      )}
    </section>
  );
}

function Scope(props: {
  base?: CrosstabAudience;
  setBase: (b: CrosstabAudience | undefined) => void;
  locations: string[];
  setLocations: (l: string[]) => void;
  waves: string[];
  setWaves: (w: string[]) => void;
}) {
  const locations = useQuery({ queryKey: ['locations'], queryFn: ({ signal }) => aas.catalogue.locations({ signal }) });
  const waves = useQuery({ queryKey: ['waves'], queryFn: ({ signal }) => aas.catalogue.waves({ signal }) });
  const saved = useQuery({ queryKey: ['audiences-all'], queryFn: ({ signal }) => aas.audiences.list({ limit: 100, include_curated: true }, { signal }) });
  const toggle = (list: string[], code: string, on: boolean) => (on ? [...list, code] : list.filter((c) => c !== code));
  return (
    <div className="columns">
      <fieldset className="choices-grid">
        <legend>Markets (none ticked: every licensed one)</legend>
        {locations.error && <ErrorNotice error={locations.error} />}
        {locations.data?.locations
          .filter((l) => l.accessible)
          .map((l) => (
            <label key={l.code}>
              <input
                type="checkbox"
                checked={props.locations.includes(l.code)}
                onChange={(e) => props.setLocations(toggle(props.locations, l.code, e.target.checked))}
              />{' '}
              {l.name}
            </label>
          ))}
      </fieldset>
      <fieldset className="choices-grid">
        <legend>Waves (none ticked: the last four)</legend>
        {waves.error && <ErrorNotice error={waves.error} />}
        {waves.data?.waves
          .filter((w) => w.accessible)
          .map((w) => (
            <label key={w.code}>
              <input type="checkbox" checked={props.waves.includes(w.code)} onChange={(e) => props.setWaves(toggle(props.waves, w.code, e.target.checked))} />{' '}
              {w.name}
            </label>
          ))}
      </fieldset>
      <div>
        <label htmlFor="crosstab-base">Base</label>
        <select
          id="crosstab-base"
          value={props.base?.id ?? ''}
          onChange={(e) => {
            const a = saved.data?.data.find((s) => s.id === e.target.value);
            props.setBase(a ? { id: a.id, name: a.name, expression: a.expression } : undefined);
          }}
        >
          <option value="">Everyone</option>
          {props.base && !saved.data?.data.some((s) => s.id === props.base?.id) && <option value={props.base.id}>{props.base.name ?? props.base.id}</option>}
          {saved.data?.data.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

function Exports({ query, metric }: { query: CrosstabQuery; metric: Metric }) {
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const save = async (format: 'csv' | 'xlsx') => {
    setBusy(true);
    setError(undefined);
    try {
      download(await aas.crosstab.export(query, { format, metric: format === 'csv' ? EXPORT_METRIC[metric] : 'all' }), `crosstab.${format}`);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="secondary" disabled={busy} onClick={() => void save('csv')}>
        Export CSV
      </button>
      <button type="button" className="secondary" disabled={busy} onClick={() => void save('xlsx')}>
        Export Excel
      </button>
      {error !== undefined && <ErrorNotice error={error} />}
    </>
  );
}

/** Cells rendered before the first paint (a few rows of a wide crosstab), and per slice after it. */
const FIRST_SLICE = 500;
const SLICE = 1000;

/** Resolves after the browser has painted a frame (or soon, in a hidden tab, which paints none). */
function nextFrame(): Promise<void> {
  return new Promise((resolve) => (document.visibilityState === 'visible' ? requestAnimationFrame(() => setTimeout(resolve, 0)) : setTimeout(resolve, 0)));
}

/** Streams one run of the crosstab into the heatmap, block by block, and says how far it got. */
function Results({ query, significance, metric, sort }: { query: CrosstabQuery; significance: '' | '90' | '95' | '99'; metric: Metric; sort: Sort }) {
  const grid = useRef(new CellGrid()).current;
  const [version, setVersion] = useState(0);
  const [state, setState] = useState<RunState>('streaming');
  const [error, setError] = useState<unknown>();
  const controller = useRef<AbortController>(undefined);
  const firstShown = useRef(false);
  const rows = query.rows ?? [];
  const columns = query.columns ?? [];
  const expected = Math.max(1, rows.length) * Math.max(1, columns.length);

  useEffect(() => {
    const abort = new AbortController();
    controller.current = abort;
    performance.clearMarks();
    performance.mark('crosstab:request');
    let first = true;
    (async () => {
      for await (const batch of aas.crosstab.stream(query, { signal: abort.signal, ...(significance ? { significance } : {}) }).batches()) {
        // A network read can hold thousands of cells (the whole of a fast crosstab): they are shown a
        // slice at a time, with a frame painted between slices, so no render blocks the page for long.
        for (let start = 0; start < batch.length;) {
          const size = first ? FIRST_SLICE : SLICE;
          grid.add(batch.slice(start, start + size));
          start += size;
          if (first) {
            first = false;
            setVersion((v) => v + 1);
          } else {
            // Later slices are a transition: input and scrolling go first.
            startTransition(() => setVersion((v) => v + 1));
          }
          await nextFrame();
          if (abort.signal.aborted) return;
        }
      }
      setState('done');
    })().catch((err: unknown) => {
      if (abort.signal.aborted) setState('stopped');
      else {
        setError(err);
        setState('failed');
      }
    });
    return () => abort.abort(new DOMException('left the page', 'AbortError'));
  }, [grid, query, significance]);

  // Marks for the benchmark (tools/explorer/first-band.bench.mjs): a render is on screen once it is
  // committed and the next frame has been painted. Rows read the grid as they render, so the render
  // that says "done" shows every cell.
  useEffect(() => {
    const paintedAs = (name: string) => requestAnimationFrame(() => setTimeout(() => performance.mark(name), 0));
    if (!firstShown.current && grid.size > 0) {
      firstShown.current = true;
      paintedAs('crosstab:first-band');
    }
    if (state === 'done') paintedAs('crosstab:complete');
  }, [grid, version, state]);

  const rowList = (rows.length ? rows : [{ id: 'base', name: 'Base', expression: {} }]).map((r, i) => ({
    index: rows.length ? i + 1 : 0,
    name: r.name ?? r.id ?? '',
  }));
  const order = sortRows(rowList, sort, grid);
  const lowBase =
    state !== 'streaming' && [...rowList].some((r) => (columns.length ? columns.map((_, i) => i + 1) : [0]).some((c) => grid.get(r.index, c)?.flags.low_base));
  return (
    <div>
      <div className="row" aria-live="polite">
        <p role="status">
          {state === 'streaming' && `Computing: ${grid.size} of ${expected} cells`}
          {state === 'done' && `Done: ${grid.size} cells`}
          {state === 'stopped' && `Stopped at ${grid.size} of ${expected} cells`}
          {state === 'failed' && `Failed after ${grid.size} of ${expected} cells`}
        </p>
        {state === 'streaming' && (
          <button type="button" className="secondary" onClick={() => controller.current?.abort()}>
            Stop
          </button>
        )}
      </div>
      {error !== undefined && <ErrorNotice error={error} />}
      {(grid.size > 0 || state === 'streaming') && (
        <Heatmap rows={rows} columns={columns} order={order} grid={grid} metric={metric} state={state === 'idle' ? 'streaming' : state} />
      )}
      <p className="muted legend">
        † low base (fewer than 50 respondents in the cell), ▲ ▼ significantly over or under (when significance is on). Colours: red over index 100, blue under.
        {lowBase && ' Some cells have a low base: read them with care.'}
      </p>
    </div>
  );
}
