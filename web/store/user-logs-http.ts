// The user-logs thunks' GET: the same headers as the RTK Query base query (marked as made by
// script, JSON wanted, session cookie). A failed answer is thrown as `{ status, data }` (the shape
// of an RTK Query error) so `errorMessage` finds the server's message in it; a network failure
// is thrown as the browser's own error.

export type HttpFailure = { status: number; data: unknown };

export async function getJson<T>(path: string, params: Record<string, string>, signal?: AbortSignal): Promise<T> {
  const query = new URLSearchParams(params).toString();
  const response = await fetch(query ? `${path}?${query}` : path, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    signal,
  });
  const text = await response.text();
  let data: unknown;
  let readable = true;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
    readable = false;
  }
  if (!response.ok) throw { status: response.status, data } satisfies HttpFailure;
  if (!readable) throw new Error('The server sent an unreadable answer');
  return data as T;
}
