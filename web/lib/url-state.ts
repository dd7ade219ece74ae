// A page's state kept in its address (a list's search, filters and page; a period): a reload or
// a shared link shows the same thing. Written with history.replaceState, keeping the history
// entry's own state (Inertia's page object), so no visit happens and Back still leaves the page.

/** The current address's query parameters (none on the server). */
export function readUrlParams(): URLSearchParams {
  return new URLSearchParams(typeof window === 'undefined' ? '' : window.location.search);
}

/** The query string after `updates` (a key set to '' or undefined is removed), other keys kept in their order. */
export function withUrlParams(search: string, updates: Record<string, string | number | undefined | null>): string {
  const query = new URLSearchParams(search);
  for (const [key, value] of Object.entries(updates)) {
    if (value === undefined || value === null || value === '') query.delete(key);
    else query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** Replaces the current address's query with `updates` applied, when it changes. */
export function writeUrlParams(updates: Record<string, string | number | undefined | null>): void {
  if (typeof window === 'undefined') return;
  const next = withUrlParams(window.location.search, updates);
  if (next === window.location.search || (next === '' && window.location.search === '?')) return;
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${next}${window.location.hash}`);
}
