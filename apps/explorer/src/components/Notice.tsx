import type { ReactNode } from 'react';
import { explain } from '../lib/problems';

/** A failure, saying what happened and what to do (and the request id to quote). */
export function ErrorNotice({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const e = explain(error);
  return (
    <div className="notice notice-error" role="alert">
      <p className="notice-title">{e.title}</p>
      <p>{e.detail}</p>
      <p>{e.action}</p>
      {e.requestId && <p className="muted">Request id: {e.requestId}</p>}
      {onRetry && (
        <button type="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

/** Nothing to show yet, and how to get something. */
export function EmptyState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="notice notice-empty">
      <p className="notice-title">{title}</p>
      <div>{children}</div>
    </div>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <p className="muted" role="status">
      Loading {what}…
    </p>
  );
}
