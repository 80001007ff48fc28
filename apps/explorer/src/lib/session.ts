import { createClient } from '@aas/sdk';

const KEY = 'aas.explorer.token';

/**
 * The token comes in the URL fragment of the link `npm start` prints (`/explorer/#token=...`): a
 * fragment is never sent to the server, so it stays out of request logs. It is moved at once into
 * this tab's sessionStorage and removed from the address bar (and so from history and bookmarks).
 */
export function takeTokenFromFragment(): void {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const token = fragment.get('token');
  if (!token) return;
  sessionStorage.setItem(KEY, token);
  fragment.delete('token');
  const rest = fragment.toString();
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}${rest ? `#${rest}` : ''}`);
}

export function currentToken(): string | undefined {
  return sessionStorage.getItem(KEY) ?? undefined;
}

export function setToken(token: string | undefined): void {
  if (token) sessionStorage.setItem(KEY, token.trim().replace(/^Bearer\s+/i, ''));
  else sessionStorage.removeItem(KEY);
}

/** The one client of the app: the service is this page's origin unless the build names another (VITE_AAS_URL). */
export const aas = createClient({
  baseUrl: import.meta.env.VITE_AAS_URL || window.location.origin,
  token: currentToken,
});
