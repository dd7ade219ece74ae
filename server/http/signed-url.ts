import { createHmac, timingSafeEqual } from 'node:crypto';

/** Laravel-style signed URLs: `?expires=<unix>&signature=<hmac>` over path and expiry. */
export function signUrl(appUrl: string, key: string, path: string, ttlSeconds: number): string {
  const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
  const signature = hmac(key, `${path}?expires=${expires}`);
  return `${appUrl}${path}?expires=${expires}&signature=${signature}`;
}

export function verifySignedUrl(key: string, path: string, query: { expires?: unknown; signature?: unknown }): boolean {
  const expires = Number(query.expires);
  if (!Number.isInteger(expires) || expires < Date.now() / 1000) return false;
  if (typeof query.signature !== 'string') return false;
  const expected = Buffer.from(hmac(key, `${path}?expires=${expires}`));
  const given = Buffer.from(query.signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const hmac = (key: string, data: string) => createHmac('sha256', key).update(data).digest('hex');
