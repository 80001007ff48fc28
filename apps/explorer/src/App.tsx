import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { NavLink, Navigate, Route, Routes } from 'react-router';
import { Loading } from './components/Notice';
import { currentToken, setToken } from './lib/session';

// One chunk per page: a page's code (and the chart library, on the charts page) loads when it is first opened.
const CataloguePage = lazy(() => import('./pages/CataloguePage'));
const AudiencesPage = lazy(() => import('./pages/AudiencesPage'));
const CrosstabPage = lazy(() => import('./pages/CrosstabPage'));
const ChartsPage = lazy(() => import('./pages/ChartsPage'));
const ChatPage = lazy(() => import('./pages/ChatPage'));
const InsightsPage = lazy(() => import('./pages/InsightsPage'));

const PAGES = [
  { path: 'catalogue', label: 'Catalogue' },
  { path: 'audiences', label: 'Audiences' },
  { path: 'crosstab', label: 'Crosstab' },
  { path: 'charts', label: 'Charts' },
  { path: 'chat', label: 'Assistant' },
  { path: 'insights', label: 'Insights' },
];

export function App() {
  const [token, setCurrent] = useState(currentToken());
  const queryClient = useQueryClient();
  const signIn = (value: string | undefined) => {
    setToken(value);
    setCurrent(currentToken());
    queryClient.clear();
  };
  return (
    <>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="top">
        <p className="brand">Audience Explorer</p>
        <nav aria-label="Pages">
          <ul>
            {PAGES.map((p) => (
              <li key={p.path}>
                <NavLink to={`/${p.path}`}>{p.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {token && (
          <button type="button" className="secondary" onClick={() => signIn(undefined)}>
            Sign out
          </button>
        )}
      </header>
      <main id="main" tabIndex={-1}>
        {token ? (
          <Suspense fallback={<Loading what="the page" />}>
            <Routes>
              <Route index element={<Navigate to="/catalogue" replace />} />
              <Route path="catalogue" element={<CataloguePage />} />
              <Route path="audiences" element={<AudiencesPage />} />
              <Route path="crosstab" element={<CrosstabPage />} />
              <Route path="charts" element={<ChartsPage />} />
              <Route path="chat" element={<ChatPage />} />
              <Route path="insights" element={<InsightsPage />} />
              <Route path="*" element={<NotFound />} />
            </Routes>
          </Suspense>
        ) : (
          <SignIn onToken={signIn} />
        )}
      </main>
    </>
  );
}

function NotFound() {
  return (
    <section>
      <h1>No such page</h1>
      <p>The address names no page of the explorer. Choose one above.</p>
    </section>
  );
}

function SignIn({ onToken }: { onToken: (token: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <section className="narrow-page">
      <h1>Sign in</h1>
      <p>
        The explorer needs a token. Open the explorer link that <code>npm start</code> prints (it signs you in as the demo user), or paste a token below (
        <code>npm run token -- --org demo --user 1</code> prints one).
      </p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (value.trim()) onToken(value.trim());
        }}
      >
        <label htmlFor="token">Token</label>
        <textarea id="token" rows={4} value={value} onChange={(e) => setValue(e.target.value)} />
        <button type="submit">Sign in</button>
      </form>
      <p className="muted">The token stays in this browser tab (session storage) and is sent only in the Authorization header.</p>
    </section>
  );
}
