import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rows } from '../../db/client.js';

export interface Rate {
  /** messages per second, 0: no limit */
  perSecond: number;
  /** messages per sliding hour, 0: no limit */
  perHour: number;
}

/**
 * Sending rates shared by every worker (docs/decisions/0035): a token bucket per key refilled at
 * `perSecond` (holding at most one second's worth) and a per-minute count of the last hour for
 * `perHour`, in `delivery_throttles`, changed under a row lock. A batch takes from every key it
 * goes through at once, so a provider's rate and a sender's rate hold together.
 */
export class Throttle {
  constructor(
    private database: Database,
    private rates: Record<string, Rate>,
  ) {}

  limited(keys: string[]): boolean {
    return keys.some((k) => this.limitOf(k) !== null);
  }

  private limitOf(key: string): Rate | null {
    const r = this.rates[key];
    return r && (r.perSecond > 0 || r.perHour > 0) ? r : null;
  }

  /** Takes up to `want` sends from every key: answers how many may go now, and when to ask again if none. */
  async take(keys: string[], want: number): Promise<{ granted: number; waitMs: number }> {
    const limited = [...new Set(keys)].filter((k) => this.limitOf(k)).sort();
    if (!limited.length || want <= 0) return { granted: want, waitMs: 0 };
    return this.database.db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into delivery_throttles (key, tokens) select k, 0 from unnest(${sql.param(limited)}::text[]) k on conflict (key) do nothing`,
      );
      const state = await rows<{ key: string; tokens: number; elapsed: number; minutes: Record<string, number>; now: number }>(
        tx,
        sql`select key, tokens::float8 as tokens, extract(epoch from clock_timestamp() - refilled_at)::float8 as elapsed, minutes,
                   extract(epoch from clock_timestamp())::float8 as now
              from delivery_throttles where key = any(${sql.param(limited)}::text[]) order by key for update`,
      );
      let granted = want;
      let waitMs = 0;
      const next: { key: string; tokens: number; minutes: Record<string, number>; minute: number }[] = [];
      for (const s of state) {
        const rate = this.limitOf(s.key)!;
        const minute = Math.floor(s.now / 60);
        const minutes = Object.fromEntries(Object.entries(s.minutes ?? {}).filter(([m]) => Number(m) > minute - 60));
        let allow = want;
        let tokens = 0;
        if (rate.perSecond > 0) {
          tokens = Math.min(rate.perSecond, Number(s.tokens) + Math.max(0, s.elapsed) * rate.perSecond);
          allow = Math.min(allow, Math.floor(tokens));
          if (allow < 1) waitMs = Math.max(waitMs, Math.ceil(((1 - tokens) / rate.perSecond) * 1000));
        }
        if (rate.perHour > 0) {
          const used = Object.values(minutes).reduce((a, b) => a + b, 0);
          const left = Math.max(0, rate.perHour - used);
          allow = Math.min(allow, left);
          if (left < 1) {
            const oldest = Math.min(...Object.keys(minutes).map(Number));
            waitMs = Math.max(waitMs, ((oldest + 60) * 60 - s.now) * 1000 + 50);
          }
        }
        granted = Math.min(granted, allow);
        next.push({ key: s.key, tokens, minutes, minute });
      }
      granted = Math.max(0, granted);
      for (const n of next) {
        const rate = this.limitOf(n.key)!;
        if (granted > 0 && rate.perHour > 0) n.minutes[String(n.minute)] = (n.minutes[String(n.minute)] ?? 0) + granted;
        await tx.execute(
          sql`update delivery_throttles set tokens = ${rate.perSecond > 0 ? n.tokens - granted : 0}, refilled_at = clock_timestamp(),
                     minutes = ${JSON.stringify(n.minutes)}::jsonb
               where key = ${n.key}`,
        );
      }
      return { granted, waitMs: granted > 0 ? 0 : Math.max(waitMs, 10) };
    });
  }
}
