import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { type ChatAnswer, crosstabQueryOf } from '@aas/sdk';
import { EmptyState, ErrorNotice, Loading } from '../components/Notice';
import { aas } from '../lib/session';

/** The assistant: a conversation whose follow-ups carry its chat_id, with each answer's insights and sources beside it. */
export default function ChatPage() {
  const session = useRef(aas.assistant.chat()).current;
  const [turns, setTurns] = useState(session.turns.slice());
  const [prompt, setPrompt] = useState('');
  const [pending, setPending] = useState<string>();
  const [error, setError] = useState<unknown>();
  const ask = async (text: string) => {
    setPending(text);
    setError(undefined);
    try {
      await session.ask(text);
      setTurns(session.turns.slice());
      setPrompt('');
    } catch (err) {
      setError(err);
    } finally {
      setPending(undefined);
    }
  };
  const last = turns[turns.length - 1]?.answer;
  return (
    <section>
      <div className="row">
        <h1>Assistant</h1>
        {turns.length > 0 && (
          <button
            type="button"
            className="secondary"
            onClick={() => {
              session.reset();
              setTurns([]);
            }}
          >
            New conversation
          </button>
        )}
      </div>
      <div className="columns chat">
        <div>
          {turns.length === 0 && !pending && (
            <EmptyState title="Ask a question about the survey">
              For example “What share of Gen Z in the UK use TikTok?”, then follow up with “and in Germany?”. Every figure is computed from the data as you ask.
            </EmptyState>
          )}
          <ol className="turns" aria-label="Conversation">
            {turns.map((t, i) => (
              <li key={i}>
                <p className="prompt">
                  <span className="sr-only">You asked: </span>
                  {t.prompt}
                </p>
                <div className="answer">
                  <span className="sr-only">The assistant answered: </span>
                  {t.answer.message.split('\n').map((line, j) => (
                    <p key={j}>{line}</p>
                  ))}
                </div>
              </li>
            ))}
            {pending && (
              <li>
                <p className="prompt">{pending}</p>
                <Loading what="the answer" />
              </li>
            )}
          </ol>
          {error !== undefined && <ErrorNotice error={error} />}
          <form
            className="row"
            onSubmit={(e) => {
              e.preventDefault();
              if (prompt.trim()) void ask(prompt.trim());
            }}
          >
            <label htmlFor="prompt">{turns.length ? 'Follow up' : 'Your question'}</label>
            <input id="prompt" value={prompt} onChange={(e) => setPrompt(e.target.value)} disabled={pending !== undefined} />
            <button type="submit" disabled={pending !== undefined || !prompt.trim()}>
              Ask
            </button>
          </form>
        </div>
        <aside aria-label="Insights and sources">
          {last ? <Evidence answer={last} /> : <p className="muted">The figures behind an answer and its sources show here.</p>}
        </aside>
      </div>
    </section>
  );
}

/** An answer's insights, each with a link to the crosstab that computes it, and its sources. */
function Evidence({ answer }: { answer: ChatAnswer }) {
  const { sources } = answer;
  return (
    <div className="panel">
      <h2>Insights</h2>
      {answer.insights.length === 0 ? <p className="muted">No figure: the answer says why.</p> : null}
      <ul className="cards">
        {answer.insights.map((insight) => (
          <Insight key={insight.id} id={insight.id} text={insight.text} />
        ))}
      </ul>
      <h2>Sources</h2>
      <dl className="sources">
        <dt>Topics</dt>
        <dd>{sources.topics.join(', ') || '–'}</dd>
        <dt>Audiences</dt>
        <dd>{sources.audiences.map((a) => a.name).join(', ') || '–'}</dd>
        <dt>Datasets</dt>
        <dd>{sources.datasets.map((d) => d.name).join(', ') || '–'}</dd>
        <dt>Markets</dt>
        <dd>{sources.locations.map((l) => l.name).join(', ') || '–'}</dd>
        <dt>Waves</dt>
        <dd>{sources.waves.map((w) => w.name).join(', ') || '–'}</dd>
      </dl>
    </div>
  );
}

function Insight({ id, text }: { id: string; text: string }) {
  const details = useQuery({ queryKey: ['assistant-insight', id], queryFn: ({ signal }) => aas.assistant.insight(id, signal), staleTime: Infinity });
  return (
    <li>
      <p>{text}</p>
      {details.error && <ErrorNotice error={details.error} />}
      {details.data && (
        <p>
          <Link to={`/crosstab#${new URLSearchParams({ q: JSON.stringify(crosstabQueryOf(details.data)) })}`}>Open the crosstab behind this figure</Link>
          <span className="muted">
            {' '}
            (index {details.data.metrics.index.toFixed(0)}, base {details.data.metrics.base_sample} respondents
            {details.data.metrics.low_base ? ', low base' : ''})
          </span>
        </p>
      )}
    </li>
  );
}
