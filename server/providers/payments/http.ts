import { ProviderError } from './errors.js';

export type Fetch = typeof fetch;

export interface ProviderAnswer {
  status: number;
  body: unknown;
}

/**
 * One request to a provider: a JSON answer whatever the status (the caller reads the provider's
 * error shape), a ProviderError when the provider cannot be reached, times out or answers
 * something that is not JSON.
 */
export async function callProvider(
  provider: 'stripe' | 'mpesa',
  label: string,
  fetchImpl: Fetch,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<ProviderAnswer> {
  let res: Response;
  try {
    res = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (e) {
    const why = e instanceof Error && e.name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : errorText(e);
    throw new ProviderError(provider, `${label}: ${providerName(provider)} could not be reached (${why}).`, null);
  }
  const text = await res.text();
  try {
    return { status: res.status, body: text ? JSON.parse(text) : null };
  } catch {
    throw new ProviderError(provider, `${label}: ${providerName(provider)} answered ${res.status} with a body that is not JSON.`, res.status);
  }
}

export const providerName = (p: 'stripe' | 'mpesa') => (p === 'stripe' ? 'Stripe' : 'M-Pesa');

function errorText(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const cause = (e as { cause?: unknown }).cause;
  return cause instanceof Error ? `${e.message}: ${cause.message}` : e.message;
}

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** a header's one value (the first when repeated), case-insensitively */
export function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  const v = key === undefined ? undefined : headers[key];
  return Array.isArray(v) ? v[0] : v;
}
