import { tooManyAttempts } from './errors.js';

/**
 * A small fixed-window limiter in process memory (one instance). Login counts
 * failed attempts only, as Laravel's does; a shared store is needed once Kazi
 * runs on several instances (noted in docs/decisions/0003-auth.md).
 */
export class Throttle {
  private hits = new Map<string, { count: number; resetAt: number }>();
  constructor(
    private max: number,
    private windowMs: number,
  ) {}

  /** Throws 429 when the key has used up its attempts. */
  check(key: string): void {
    const h = this.hits.get(key);
    if (h && h.resetAt > Date.now() && h.count >= this.max) {
      throw tooManyAttempts(Math.ceil((h.resetAt - Date.now()) / 1000));
    }
  }

  hit(key: string): void {
    const now = Date.now();
    const h = this.hits.get(key);
    if (!h || h.resetAt <= now) this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
    else h.count++;
    if (this.hits.size > 10_000) this.sweep(now);
  }

  /** check + hit in one call, for endpoints limited on every attempt. */
  attempt(key: string): void {
    this.check(key);
    this.hit(key);
  }

  clear(key: string): void {
    this.hits.delete(key);
  }

  private sweep(now: number) {
    for (const [k, v] of this.hits) if (v.resetAt <= now) this.hits.delete(k);
  }
}
