// One way to turn any failure of an RTK Query call (or of a thunk) into a sentence for a toast
// or an error flag (SPEC §8).

const CLIENT_ERRORS: Record<string, string> = {
  FETCH_ERROR: 'Network error: the server could not be reached',
  TIMEOUT_ERROR: 'The request timed out',
  PARSING_ERROR: 'The server sent an unreadable answer',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/**
 * A message for `err`:
 * - fetch-library client errors (FETCH_ERROR, TIMEOUT_ERROR, PARSING_ERROR) get a fixed sentence;
 * - a server answer gives its `message`, else its `error` field;
 * - a thrown or serialized error gives its own `message`;
 * - anything else gives `fallback`.
 */
export function errorMessage(err: unknown, fallback: string): string {
  if (!isRecord(err)) return fallback;

  const status = err.status;
  if (typeof status === 'string' && Object.hasOwn(CLIENT_ERRORS, status)) return CLIENT_ERRORS[status];

  const data = err.data;
  if (isRecord(data)) {
    const fromServer = text(data.message) ?? text(data.error);
    if (fromServer) return fromServer;
  }

  // An RTK Query answer with a status carries no message of its own worth showing (its `error`
  // for CUSTOM_ERROR is ours, though); a SerializedError or an Error carries `message`.
  if (typeof status === 'number') return fallback;
  return text(err.message) ?? (status === 'CUSTOM_ERROR' ? text(err.error) : null) ?? fallback;
}

/** The first message of each field of a 422 answer (`{ errors: { field: [messages] } }`), for showing beside the fields. */
export function fieldErrorsOf(err: unknown): Record<string, string> {
  if (!isRecord(err) || !isRecord(err.data) || !isRecord(err.data.errors)) return {};
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(err.data.errors)) {
    const first = Array.isArray(messages) ? text(messages[0]) : text(messages);
    if (first) out[field] = first;
  }
  return out;
}
