import { ApiError, NetworkError } from '@aas/sdk';

export interface Explained {
  title: string;
  detail: string;
  /** What the person can do about it. */
  action: string;
  requestId?: string;
}

/** What happened and what to do, for any failure of a call. */
export function explain(error: unknown): Explained {
  if (error instanceof ApiError) {
    const base = { detail: error.message, requestId: error.requestId };
    switch (error.kind) {
      case 'validation':
        return { ...base, title: 'The request was refused', action: 'Correct the fields marked below and try again.' };
      case 'unauthorized':
        return {
          ...base,
          title: 'Your token was not accepted',
          action: 'Open the explorer link that npm start printed again, or paste a new token (npm run token).',
        };
      case 'forbidden':
        return { ...base, title: 'Not licensed', action: 'Your organisation is not licensed for this data: choose other markets, waves or questions.' };
      case 'not_found':
        return { ...base, title: 'Not found', action: 'It may have been deleted: reload the list.' };
      case 'rate_limited':
      case 'unavailable':
        return {
          ...base,
          title: 'The service is busy',
          action: `Nothing was changed. Try again${error.retryAfterSeconds ? ` in ${error.retryAfterSeconds} s` : ' in a moment'}.`,
        };
      case 'timeout':
        return { ...base, title: 'The computation took too long', action: 'Try fewer rows, columns, markets or waves.' };
      case 'conflict':
        return { ...base, title: 'Changed by someone else', action: 'Reload and apply your change again.' };
      default:
        return { ...base, title: `The service answered ${error.status}`, action: 'Try again; if it persists, quote the request id to an operator.' };
    }
  }
  if (error instanceof NetworkError) {
    return {
      title: 'The service did not answer',
      detail: error.message,
      action: 'Check that the service is running (npm start) and reachable, then try again.',
    };
  }
  if (error instanceof DOMException && error.name === 'AbortError')
    return { title: 'Stopped', detail: 'The request was stopped.', action: 'Run it again when you are ready.' };
  return { title: 'Something went wrong', detail: error instanceof Error ? error.message : String(error), action: 'Reload the page and try again.' };
}

/** The field problems of a failure under a JSON pointer (`/expression`), keyed by the rest of the pointer. */
export function fieldProblems(error: unknown, under: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  if (!(error instanceof ApiError)) return found;
  for (const field of error.errorsAt(under)) {
    const rest = field.path.slice(under.length) || '/';
    found.set(rest, [...(found.get(rest) ?? []), field.message]);
  }
  return found;
}
