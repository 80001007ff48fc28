import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState, ErrorNotice, Loading } from '../components/Notice';
import { Pager } from '../components/Pager';
import { aas } from '../lib/session';

const PAGE = 10;

/** Datasets and their categories, a search over questions, and one question's answers. */
export default function CataloguePage() {
  const [text, setText] = useState('');
  const [search, setSearch] = useState({ q: '', offset: 0 });
  const [question, setQuestion] = useState<string>();
  const [category, setCategory] = useState<number>();
  return (
    <section>
      <h1>Catalogue</h1>
      <div className="columns">
        <div>
          <form
            className="row"
            role="search"
            onSubmit={(e) => {
              e.preventDefault();
              setSearch({ q: text.trim(), offset: 0 });
            }}
          >
            <label htmlFor="catalogue-search">Search questions and answers</label>
            <input id="catalogue-search" type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="e.g. tiktok" />
            <button type="submit">Search</button>
          </form>
          {search.q ? (
            <SearchResults q={search.q} offset={search.offset} onPage={(offset) => setSearch({ ...search, offset })} onOpen={setQuestion} />
          ) : (
            <Datasets onCategory={setCategory} />
          )}
          {category !== undefined && <CategoryDetail id={category} onCategory={setCategory} onQuestion={setQuestion} />}
        </div>
        <aside aria-label="Question">
          {question ? (
            <QuestionDetail code={question} />
          ) : (
            <EmptyState title="No question open">Search, or open a category, then choose a question to see its answers.</EmptyState>
          )}
        </aside>
      </div>
      <MarketsAndWaves />
    </section>
  );
}

function SearchResults({ q, offset, onPage, onOpen }: { q: string; offset: number; onPage: (o: number) => void; onOpen: (code: string) => void }) {
  const result = useQuery({ queryKey: ['search', q, offset], queryFn: ({ signal }) => aas.catalogue.searchQuestions({ q, offset, limit: PAGE }, { signal }) });
  if (result.isPending) return <Loading what="questions" />;
  if (result.error) return <ErrorNotice error={result.error} onRetry={() => void result.refetch()} />;
  const { questions, total } = result.data;
  if (total === 0) return <EmptyState title={`No question matches “${q}”`}>Try a shorter or more general word, e.g. a brand or a topic.</EmptyState>;
  return (
    <div>
      <h2>
        {total} questions match “{q}”
      </h2>
      <ul className="cards">
        {questions.map((hit) => (
          <li key={`${hit.namespace_code}.${hit.code}`}>
            <button type="button" className="link" onClick={() => onOpen(`${hit.namespace_code}.${hit.code}`)}>
              {hit.name}
            </button>
            <span className="muted"> {hit.namespace_code}</span>
            {hit.matched_datapoints.length > 0 && <p className="muted">Matching answers: {hit.matched_datapoints.map((d) => d.name).join(', ')}</p>}
          </li>
        ))}
      </ul>
      <Pager label="Search results" total={total} offset={offset} limit={PAGE} onChange={onPage} />
    </div>
  );
}

function Datasets({ onCategory }: { onCategory: (id: number) => void }) {
  const datasets = useQuery({ queryKey: ['datasets'], queryFn: ({ signal }) => aas.catalogue.datasets({ signal }) });
  if (datasets.isPending) return <Loading what="datasets" />;
  if (datasets.error) return <ErrorNotice error={datasets.error} onRetry={() => void datasets.refetch()} />;
  return (
    <div>
      <h2>Datasets</h2>
      <ul className="cards">
        {datasets.data.datasets.map((d) => (
          <li key={d.code}>
            <h3>
              {d.name} {!d.accessible && <span className="badge">not licensed</span>}
            </h3>
            <p className="muted">{d.description}</p>
            <ul className="inline">
              {d.child_categories.map((c) => (
                <li key={c.id}>
                  <button type="button" className="link" onClick={() => onCategory(Number(c.id))}>
                    {c.name}
                  </button>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  );
}

function CategoryDetail({ id, onCategory, onQuestion }: { id: number; onCategory: (id: number) => void; onQuestion: (code: string) => void }) {
  const category = useQuery({
    queryKey: ['category', id],
    queryFn: ({ signal }) => aas.catalogue.category(id, ['children', 'lineage', 'attribute_count'], { signal }),
  });
  if (category.isPending) return <Loading what="the category" />;
  if (category.error) return <ErrorNotice error={category.error} />;
  const c = category.data.category;
  return (
    <div className="panel">
      <nav aria-label="Category path" className="muted">
        {(c.lineage ?? []).map((l) => (
          <span key={l.id}>
            <button type="button" className="link" onClick={() => onCategory(Number(l.id))}>
              {l.name}
            </button>{' '}
            ›{' '}
          </span>
        ))}
      </nav>
      <h2>{c.name}</h2>
      <p className="muted">
        {c.description} {c.attribute_count !== undefined && `(${c.attribute_count} answers)`}
      </p>
      <ul className="inline">
        {(c.child_categories ?? []).map((child) => (
          <li key={child.id}>
            <button type="button" className="link" onClick={() => onCategory(Number(child.id))}>
              {child.name}
            </button>
          </li>
        ))}
      </ul>
      <ul>
        {(c.child_questions ?? []).map((q) => (
          <li key={q.code}>
            <button type="button" className="link" onClick={() => onQuestion(`${q.namespace_code}.${q.code}`)}>
              {q.name}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function QuestionDetail({ code }: { code: string }) {
  const question = useQuery({
    queryKey: ['question-detail', code],
    queryFn: ({ signal }) => aas.catalogue.question(code, ['datapoints', 'categories', 'datasets'], { signal }),
  });
  if (question.isPending) return <Loading what="the question" />;
  if (question.error) return <ErrorNotice error={question.error} />;
  const q = question.data.question;
  return (
    <div className="panel">
      <h2>{q.name}</h2>
      <p className="muted">
        {q.namespace_code}.{q.code} {!q.accessible && <span className="badge">not licensed</span>}
      </p>
      {q.description && <p>{q.description}</p>}
      <h3>Answers</h3>
      <ul className="inline">
        {(q.datapoints ?? []).map((d) => (
          <li key={d.code}>{d.name}</li>
        ))}
      </ul>
      {(q.suffixes ?? []).length > 0 && (
        <>
          <h3>Suffixes</h3>
          <ul className="inline">
            {(q.suffixes ?? []).map((s) => (
              <li key={s.code}>{s.name}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function MarketsAndWaves() {
  const locations = useQuery({ queryKey: ['locations'], queryFn: ({ signal }) => aas.catalogue.locations({ signal }) });
  const waves = useQuery({ queryKey: ['waves'], queryFn: ({ signal }) => aas.catalogue.waves({ signal }) });
  return (
    <div className="columns">
      <div>
        <h2>Markets</h2>
        {locations.error && <ErrorNotice error={locations.error} />}
        <ul className="inline">
          {locations.data?.locations.map((l) => (
            <li key={l.code}>
              {l.name} {!l.accessible && <span className="badge">not licensed</span>}
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h2>Waves</h2>
        {waves.error && <ErrorNotice error={waves.error} />}
        <ul className="inline">
          {waves.data?.waves.map((w) => (
            <li key={w.code}>{w.name}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
