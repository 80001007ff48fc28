import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useId, useRef, useState } from 'react';
import { aas } from '../lib/session';
import { ErrorNotice } from './Notice';

export interface PickedQuestion {
  code: string;
  namespace: string;
  name: string;
}

/** A search box over the catalogue's questions; picking one answers its code and name. */
/** `autoFocus`: the builder focuses the search of a condition it has just added, so a keyboard user types at once. */
export function QuestionPicker({
  label,
  onPick,
  invalid,
  autoFocus,
}: {
  label: string;
  onPick: (q: PickedQuestion) => void;
  invalid?: boolean;
  autoFocus?: boolean;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);
  const [text, setText] = useState('');
  const q = useDeferredValue(text.trim());
  const search = useQuery({
    queryKey: ['question-search', q],
    queryFn: ({ signal }) => aas.catalogue.searchQuestions({ q, limit: 8 }, { signal }),
    enabled: q.length >= 2,
  });
  return (
    <div className="question-picker">
      <label htmlFor={id}>{label}</label>
      <input
        ref={input}
        id={id}
        type="search"
        value={text}
        placeholder="Search questions, e.g. social"
        aria-invalid={invalid || undefined}
        onChange={(e) => setText(e.target.value)}
      />
      {search.error && <ErrorNotice error={search.error} />}
      {q.length >= 2 && search.data && (
        <ul className="choices" aria-label={`Questions matching ${q}`}>
          {search.data.questions.length === 0 && <li className="muted">No question matches “{q}”: try another word.</li>}
          {search.data.questions.map((question) => (
            <li key={`${question.namespace_code}.${question.code}`}>
              <button
                type="button"
                className="link"
                onClick={() => {
                  onPick({ code: question.code, namespace: question.namespace_code, name: question.name });
                  setText('');
                }}
              >
                {question.name}{' '}
                <span className="muted">
                  ({question.namespace_code}.{question.code})
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
