import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Chart, ChartCalculation } from '@aas/sdk';
import { EmptyState, ErrorNotice, Loading } from '../components/Notice';
import { Pager } from '../components/Pager';
import { type PickedQuestion, QuestionPicker } from '../components/QuestionPicker';
import { fieldProblems } from '../lib/problems';
import { aas } from '../lib/session';

const PAGE = 10;
/** Bar colours with at least 3:1 contrast against white (WCAG's non-text contrast). */
const COLOURS = ['#1f5fa8', '#b5381f', '#1d7a4f', '#7a3fa0', '#8a6100', '#0f6f7a'];
const METRIC_LABELS = { audience_percentage: '% of audience', audience_index: 'Index', datapoint_percentage: '% of answer' } as const;
type ChartMetric = keyof typeof METRIC_LABELS;

/** Charts of the organisation: create one, calculate it, and see bars per audience. */
export default function ChartsPage() {
  const [open, setOpen] = useState<string>();
  return (
    <section>
      <h1>Charts</h1>
      <div className="columns">
        <div>
          <ChartList open={open} onOpen={setOpen} />
          <NewChart onCreated={setOpen} />
        </div>
        <div>
          {open ? (
            <ChartView id={open} onDeleted={() => setOpen(undefined)} />
          ) : (
            <EmptyState title="No chart open">Open a chart from the list, or create one.</EmptyState>
          )}
        </div>
      </div>
    </section>
  );
}

function ChartList({ open, onOpen }: { open?: string; onOpen: (id: string) => void }) {
  const [offset, setOffset] = useState(0);
  const list = useQuery({
    queryKey: ['charts', offset],
    queryFn: ({ signal }) => aas.charts.list({ offset, limit: PAGE }, { signal }),
    placeholderData: keepPreviousData,
  });
  if (list.isPending) return <Loading what="charts" />;
  if (list.error) return <ErrorNotice error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <div>
      <h2>Saved charts</h2>
      {list.data.paging.total === 0 ? (
        <EmptyState title="No chart yet">Create one below: choose answers to chart and the audiences to compare.</EmptyState>
      ) : (
        <>
          <ul className="cards">
            {list.data.data.map((c) => (
              <li key={c.id} className={c.id === open ? 'current' : undefined}>
                <button type="button" className="link" onClick={() => onOpen(c.id)} aria-current={c.id === open || undefined}>
                  {c.name}
                </button>
                <span className="muted">
                  {' '}
                  {c.attributes.length} answers · {c.audiences.length} audiences
                </span>
              </li>
            ))}
          </ul>
          <Pager label="Charts" total={list.data.paging.total} offset={offset} limit={PAGE} onChange={setOffset} />
        </>
      )}
    </div>
  );
}

function NewChart({ onCreated }: { onCreated: (id: string) => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [question, setQuestion] = useState<PickedQuestion>();
  const [datapoints, setDatapoints] = useState<string[]>([]);
  const [audienceIds, setAudienceIds] = useState<string[]>([]);
  const saved = useQuery({ queryKey: ['audiences-all'], queryFn: ({ signal }) => aas.audiences.list({ limit: 100, include_curated: true }, { signal }) });
  const detail = useQuery({
    queryKey: ['question', `${question?.namespace}.${question?.code}`],
    queryFn: ({ signal }) => aas.catalogue.question(`${question?.namespace}.${question?.code}`, ['datapoints'], { signal }),
    enabled: question !== undefined,
  });
  const create = useMutation({
    mutationFn: () =>
      aas.charts.create({
        name,
        attributes: datapoints.map((d) => ({ namespace_code: question?.namespace ?? '', question_code: question?.code ?? '', datapoint_code: d })),
        audiences: (saved.data?.data ?? []).filter((a) => audienceIds.includes(a.id)).map((a) => ({ id: a.id, name: a.name, expression: a.expression })),
      }),
    onSuccess: (chart) => {
      void queryClient.invalidateQueries({ queryKey: ['charts'] });
      onCreated(chart.id);
    },
  });
  const problems = fieldProblems(create.error, '');
  const at = (p: string) => [...problems].filter(([k]) => k === p || k.startsWith(`${p}/`)).flatMap(([, m]) => m);
  return (
    <form
      className="panel"
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate();
      }}
    >
      <h2>New chart</h2>
      <label htmlFor="chart-name">Name</label>
      <input id="chart-name" value={name} aria-invalid={at('/name').length > 0 || undefined} onChange={(e) => setName(e.target.value)} />
      <Problems messages={at('/name')} />
      <QuestionPicker label="Question to chart" onPick={(q) => (setQuestion(q), setDatapoints([]))} />
      {detail.data && (
        <fieldset className="choices-grid">
          <legend>Answers of “{detail.data.question.name}”</legend>
          {(detail.data.question.datapoints ?? []).map((d) => (
            <label key={d.code}>
              <input
                type="checkbox"
                checked={datapoints.includes(d.code)}
                onChange={(e) => setDatapoints(e.target.checked ? [...datapoints, d.code] : datapoints.filter((x) => x !== d.code))}
              />{' '}
              {d.name}
            </label>
          ))}
        </fieldset>
      )}
      <Problems messages={at('/attributes')} />
      <fieldset className="choices-grid">
        <legend>Audiences to compare</legend>
        {saved.error && <ErrorNotice error={saved.error} />}
        {saved.data?.data.map((a) => (
          <label key={a.id}>
            <input
              type="checkbox"
              checked={audienceIds.includes(a.id)}
              onChange={(e) => setAudienceIds(e.target.checked ? [...audienceIds, a.id] : audienceIds.filter((x) => x !== a.id))}
            />{' '}
            {a.name}
          </label>
        ))}
      </fieldset>
      <Problems messages={at('/audiences')} />
      <button type="submit" disabled={create.isPending}>
        Create chart
      </button>
      {create.error && problems.size === 0 && <ErrorNotice error={create.error} />}
    </form>
  );
}

function Problems({ messages }: { messages: string[] }) {
  return messages.length ? (
    <ul className="field-problems">
      {messages.map((m) => (
        <li key={m}>{m}</li>
      ))}
    </ul>
  ) : null;
}

function ChartView({ id, onDeleted }: { id: string; onDeleted: () => void }) {
  const queryClient = useQueryClient();
  const [metric, setMetric] = useState<ChartMetric>('audience_percentage');
  const chart = useQuery({ queryKey: ['chart', id], queryFn: ({ signal }) => aas.charts.get(id, { signal }) });
  const calculation = useQuery({ queryKey: ['chart-calculation', id], queryFn: ({ signal }) => aas.charts.calculate(id, {}, { signal }) });
  const remove = useMutation({
    mutationFn: () => aas.charts.delete(id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['charts'] });
      onDeleted();
    },
  });
  if (chart.isPending) return <Loading what="the chart" />;
  if (chart.error) return <ErrorNotice error={chart.error} />;
  return (
    <div className="panel">
      <div className="row">
        <h2>{chart.data.name}</h2>
        <button type="button" className="danger" onClick={() => remove.mutate()}>
          Delete chart
        </button>
      </div>
      {remove.error && <ErrorNotice error={remove.error} />}
      <label>
        Bars show{' '}
        <select value={metric} onChange={(e) => setMetric(e.target.value as ChartMetric)}>
          {Object.entries(METRIC_LABELS).map(([k, label]) => (
            <option key={k} value={k}>
              {label}
            </option>
          ))}
        </select>
      </label>
      {calculation.isPending && <Loading what="the calculation" />}
      {calculation.error && <ErrorNotice error={calculation.error} onRetry={() => void calculation.refetch()} />}
      {calculation.data && <Bars chart={chart.data} calculation={calculation.data} metric={metric} />}
    </div>
  );
}

function Bars({ chart, calculation, metric }: { chart: Chart; calculation: ChartCalculation; metric: ChartMetric }) {
  const audiences = chart.audiences.map((a, i) => ({ id: a.id, name: a.name || a.id, colour: COLOURS[i % COLOURS.length] }));
  const data = calculation.stats.map((stat) => {
    const label = stat.attributes.map((a) => a.datapoint_label).join(' / ');
    const entry: Record<string, string | number> = { label };
    for (const row of stat.data) entry[row.audience] = Number((row.metrics[metric] ?? 0).toFixed(1));
    return { entry, error: stat.error };
  });
  const errors = calculation.meta.audience_errors;
  if (data.length === 0)
    return <EmptyState title="Nothing to chart">The chart has no answers: create one with at least one answer and one audience.</EmptyState>;
  return (
    <div>
      {errors.length > 0 && (
        <div className="notice notice-error" role="alert">
          <p>Some audiences could not be computed: {errors.map((e) => `${e.audience}: ${e.error}`).join('; ')}. Edit or remove them.</p>
        </div>
      )}
      <figure className="chart" aria-label={`${chart.name}: ${METRIC_LABELS[metric]} by audience`}>
        <ResponsiveContainer width="100%" height={Math.max(240, data.length * 60)}>
          <BarChart data={data.map((d) => d.entry)} layout="vertical" margin={{ left: 24, right: 24 }} accessibilityLayer>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis type="number" />
            <YAxis type="category" dataKey="label" width={140} />
            <Tooltip />
            <Legend />
            {audiences.map((a) => (
              <Bar key={a.id} dataKey={a.id} name={a.name} fill={a.colour} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
        <figcaption className="muted">{METRIC_LABELS[metric]}; the table below has the same figures.</figcaption>
      </figure>
      <table className="data">
        <caption>{METRIC_LABELS[metric]} by answer and audience</caption>
        <thead>
          <tr>
            <th scope="col">Answer</th>
            {audiences.map((a) => (
              <th key={a.id} scope="col">
                {a.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={String(d.entry['label'])}>
              <th scope="row">{d.entry['label']}</th>
              {audiences.map((a) => (
                <td key={a.id}>{d.entry[a.id] ?? (d.error || '–')}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
