import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { CrosstabAudience } from '@aas/sdk';
import { ErrorNotice } from '../../components/Notice';
import { type PickedQuestion, QuestionPicker } from '../../components/QuestionPicker';
import { aas } from '../../lib/session';

/** The audiences of one side of the crosstab: a question's answers, saved audiences, or both. */
export function AxisEditor({ title, items, onChange }: { title: string; items: CrosstabAudience[]; onChange: (items: CrosstabAudience[]) => void }) {
  const [picked, setPicked] = useState<PickedQuestion>();
  const saved = useQuery({ queryKey: ['audiences-all'], queryFn: ({ signal }) => aas.audiences.list({ limit: 100, include_curated: true }, { signal }) });
  const question = useQuery({
    queryKey: ['question', `${picked?.namespace}.${picked?.code}`],
    queryFn: ({ signal }) => aas.catalogue.question(`${picked?.namespace}.${picked?.code}`, ['datapoints'], { signal }),
    enabled: picked !== undefined,
  });
  const add = (more: CrosstabAudience[]) => {
    const ids = new Set(items.map((i) => i.id));
    onChange([...items, ...more.filter((m) => !ids.has(m.id))]);
  };
  const slug = title.toLowerCase();
  return (
    <fieldset className="axis">
      <legend>
        {title} ({items.length})
      </legend>
      <QuestionPicker label={`Add a question's answers as ${slug}`} onPick={setPicked} />
      {question.error && <ErrorNotice error={question.error} />}
      {picked && question.data && (
        <div className="row">
          <span>{question.data.question.name}</span>
          <button
            type="button"
            onClick={() => {
              const q = question.data.question;
              add(
                (q.datapoints ?? []).map((d) => ({
                  id: `${q.namespace_code}.${q.code}.${d.code}`,
                  name: d.name,
                  expression: { question: `${q.namespace_code}.${q.code}`, datapoints: [d.code] },
                })),
              );
              setPicked(undefined);
            }}
          >
            Add its {question.data.question.datapoints?.length ?? 0} answers
          </button>
        </div>
      )}
      <label htmlFor={`saved-${slug}`}>Add a saved audience</label>
      <select
        id={`saved-${slug}`}
        value=""
        onChange={(e) => {
          const audience = saved.data?.data.find((a) => a.id === e.target.value);
          if (audience) add([{ id: audience.id, name: audience.name, expression: audience.expression }]);
        }}
      >
        <option value="">Choose…</option>
        {saved.data?.data.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
          </option>
        ))}
      </select>
      {items.length === 0 ? (
        <p className="muted">None: the base stands in.</p>
      ) : (
        <ul className="chips">
          {items.map((item) => (
            <li key={item.id}>
              {item.name ?? item.id}{' '}
              <button
                type="button"
                className="chip-remove"
                aria-label={`Remove ${item.name ?? item.id} from ${slug}`}
                onClick={() => onChange(items.filter((i) => i.id !== item.id))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {items.length > 0 && (
        <button type="button" className="secondary" onClick={() => onChange([])}>
          Clear {slug}
        </button>
      )}
    </fieldset>
  );
}
