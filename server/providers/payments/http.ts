import { ProviderError, type ProviderId } from './errors.js';

export type Fetch = typeof fetch;

export interface ProviderAnswer {
  status: number;
  body: unknown;
}

export interface ProviderTextAnswer {
  status: number;
  /** the answer's body as text (Africa's Talking answers its request errors in plain text) */
  text: string;
}

/**
 * One request to a provider: a JSON answer whatever the status (the caller reads the provider's
 * error shape), a ProviderError when the provider cannot be reached, times out or answers
 * something that is not JSON.
 */
export async function callProvider(provider: ProviderId, label: string, fetchImpl: Fetch, url: string, init: RequestInit, timeoutMs: number): Promise<ProviderAnswer> {
  const answer = await callProviderText(provider, label, fetchImpl, url, init, timeoutMs);
  try {
    return { status: answer.status, body: answer.text ? JSON.parse(answer.text) : null };
  } catch {
    throw new ProviderError(provider, `${label}: ${providerName(provider)} answered ${answer.status} with a body that is not JSON.`, answer.status);
  }
}

/**
 * One request to a provider, its answer as text whatever the status. When there is no answer the
 * ProviderError says whether the request may still have reached the provider (`mayHaveArrived`):
 * a refused connection or an unknown host did not; a timeout or a connection cut once the request
 * was written may have, and the caller must not send it again blindly.
 */
export async function callProviderText(provider: ProviderId, label: string, fetchImpl: Fetch, url: string, init: RequestInit, timeoutMs: number): Promise<ProviderTextAnswer> {
  let res: Response;
  try {
    res = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    return { status: res.status, text: await res.text() };
  } catch (e) {
    const timedOut = e instanceof Error && e.name === 'TimeoutError';
    const why = timedOut ? `no answer within ${timeoutMs / 1000} s` : errorText(e);
    throw new ProviderError(provider, `${label}: ${providerName(provider)} could not be reached (${why}).`, null, null, timedOut || !neverSent(e));
  }
}

/** errors raised before a single byte of the request could leave this machine */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'ERR_INVALID_URL', 'UND_ERR_CONNECT_TIMEOUT', 'ERR_TLS_CERT_ALTNAME_INVALID', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'CERT_HAS_EXPIRED']);

function neverSent(e: unknown): boolean {
  for (let err: unknown = e, depth = 0; err && depth < 5; err = (err as { cause?: unknown }).cause, depth++) {
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && NOT_SENT.has(code)) return true;
    if (err instanceof AggregateError && err.errors.length > 0 && err.errors.every((x) => neverSent(x))) return true;
  }
  return false;
}

const NAMES: Record<ProviderId, string> = { stripe: 'Stripe', mpesa: 'M-Pesa', africastalking: "Africa's Talking", mailgun: 'Mailgun', smtp: 'The SMTP server' };
export const providerName = (p: ProviderId) => NAMES[p];

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
