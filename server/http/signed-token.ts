import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Tokens for public links that name records (an estimate, a contact's unsubscribe link):
 * `<part>-<part>-…-<signature>`, the signature an HMAC-SHA256 under APP_KEY over the purpose and
 * the parts. A link cannot be guessed or altered to reach another record or company, and it
 * does not expire. Parts are ids and short words without '-'.
 */
const signature = (key: string, purpose: string, parts: readonly (string | number)[]) =>
  createHmac('sha256', key).update([purpose, ...parts].join('|')).digest('base64url');

export function signToken(key: string, purpose: string, parts: readonly (string | number)[]): string {
  return [...parts, signature(key, purpose, parts)].join('-');
}

/** The parts a token names, or null when it is malformed (not `count` parts) or its signature is wrong. */
export function readToken(key: string, purpose: string, token: string, count: number): string[] | null {
  if (token.length > 200) return null;
  const pieces = token.split('-');
  // base64url may itself hold '-': the signature is what follows the parts
  if (pieces.length < count + 1) return null;
  const parts = pieces.slice(0, count);
  const given = Buffer.from(pieces.slice(count).join('-'));
  const expected = Buffer.from(signature(key, purpose, parts));
  return given.length === expected.length && timingSafeEqual(given, expected) ? parts : null;
}
