import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { ApiError } from '@aas/sdk';
import { App } from './App';
import { takeTokenFromFragment } from './lib/session';
import './styles.css';

takeTokenFromFragment();

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // The SDK already retries what is safe to retry after 429 and 503; a client error stays one.
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
    },
  },
});

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter basename="/explorer">
        <App />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
