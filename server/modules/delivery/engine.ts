import { sql, type SQL } from 'drizzle-orm';
import type { DeliveryState } from '../../../common/answers/sms.js';
import { CONTACT_EVENT_TYPES } from '../../../common/outreach.js';
import type { CreditService } from '../../../common/wallet.js';
import type { AppContext } from '../../context.js';
import { rows, type Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { checkAllowance } from '../../http/allowance.js';
import { fieldError } from '../../http/errors.js';
import { recordContactEvents } from '../outreach/events.js';
import { addCredits, rateSettings, reserve, settle } from '../wallet/index.js';
import type { SendChannel, SendStatus } from './schema.js';
import { tellSendFinished } from './finished.js';
import { ReportBatcher } from './report-batcher.js';
import { Throttle } from './throttle.js';
import { DispatchFailed, type ClaimedRow, type DeliveryChannel, type DeliveryReportInput, type RowOutcome, type SendRecord } from './types.js';

export const DISPATCH_JOB = 'delivery.dispatch';
export const SWEEP_JOB = 'delivery.sweep';

/** a temporary refusal is tried again this many times, waiting 30 s, 60 s, 120 s… */
export const MAX_ATTEMPTS = 5;
/** one dispatch job works a send this long, then hands it to the next (jobs stay short; others get their turn) */
const SLICE_MS = 25_000;

const ORPHANED = 'The sender stopped while this message was with the provider: its delivery report will settle it.';

export interface NewSend {
  channel: SendChannel;
  driver: string;
  body?: string;
  senderId?: string | null;
  audience: Record<string, unknown>;
  audienceLabel: string;
  personalised?: boolean;
  encoding?: string | null;
  parts?: number;
  amount?: string | null;
  currency?: string | null;
  /** null: now */
  scheduledAt: Date | null;
  ignoreQuietHours?: boolean;
  templateId?: number | null;
  campaignId?: number | null;
  eventId?: number | null;
  groupId?: number | null;
  /** a survey's invitation to answer (its personal links) */
  surveyId?: number | null;
  createdBy: number | null;
}

/**
 * The recipients of a new send, as SQL selecting `contact_id` (bigint or null), `address` (text),
 * `body` (text or null: the send's own) and `units` (numeric): one row per address.
 */
export type RecipientsQuery = SQL;

const engines = new WeakMap<AppContext, DeliveryEngine>();

/** The engine of this app (one per process): channels register with it, jobs and routes use it. */
export function deliveryEngine(ctx: AppContext): DeliveryEngine {
  let e = engines.get(ctx);
  if (!e) {
    e = new DeliveryEngine(ctx);
    engines.set(ctx, e);
  }
  return e;
}

const toDate = (v: string | Date | null) => (v === null ? null : new Date(v));

/**
 * The delivery engine (docs/decisions/0035-delivery-engine.md): every channel's sends go through
 * one outbox (`deliveries`), claimed in batches by one dispatcher per send at a time, each
 * recipient answered once. What it guarantees:
 *
 * - a recipient is claimed (queued → sending) in one statement before its request leaves, and
 *   its answer recorded in one statement per batch after: a claimed row is never claimed again;
 * - a dispatcher that dies leaves its claimed rows `sending`; the next one to take the send marks
 *   them `unknown` (never queued again blindly) and their delivery reports settle them — found by
 *   the provider id, or for a lost answer by the address among the unanswered;
 * - only an unknown recipient with no report long after its send's reports arrived (the provider
 *   never had it) is queued again.
 */
export class DeliveryEngine {
  readonly channels = new Map<SendChannel, DeliveryChannel>();
  readonly throttle: Throttle;
  /** webhooks hand their reports here: applied a batch at a time */
  readonly reports: ReportBatcher;

  constructor(private ctx: AppContext) {
    this.throttle = new Throttle(ctx.database, ctx.config.delivery.rates);
    this.reports = new ReportBatcher(ctx.database, (tx, tenantId, channel, reports) => this.applyReportsFound(tx, tenantId, channel, reports));
  }

  register(channel: DeliveryChannel) {
    this.channels.set(channel.name, channel);
  }

  private channel(name: SendChannel): DeliveryChannel {
    const c = this.channels.get(name);
    if (!c) throw new Error(`No delivery channel ${name} is registered`);
    return c;
  }

  private statsCheckedAt = 0;

  /**
   * Analyses the outbox when many rows changed since its last statistics: a send of 100,000 writes
   * them in one statement, and until autovacuum's next visit the planner would guess its plans
   * (a report's lookup by provider id scanning a whole send). At most every 30 s per process.
   */
  private async freshStats() {
    if (Date.now() - this.statsCheckedAt < 30_000) return;
    this.statsCheckedAt = Date.now();
    const [s] = await this.ctx.database.query<{ n: string | null }>(`select n_mod_since_analyze::text as n from pg_stat_user_tables where relname = 'deliveries'`);
    if (Number(s?.n ?? 0) > 10_000) await this.ctx.database.query('analyze deliveries');
  }

  private get lease() {
    return this.ctx.config.delivery.leaseSeconds;
  }

  // ---------------------------------------------------------------- queueing

  /**
   * Writes a send and its recipients in the caller's transaction and holds their credits: one
   * INSERT … SELECT for the recipients, one reservation. No recipients: 422 on `audience`; a short
   * wallet: 402 (InsufficientCredits). Nothing is written then (the caller's transaction fails).
   * Call `kick` after the commit.
   */
  async createSend(
    tx: Tx,
    tenantId: number,
    input: NewSend,
    recipients: RecipientsQuery,
    service: CreditService,
    /** beforeHold: changes the recipients' rows (a personalised text's units) before their credits are held */
    opts: { beforeHold?: (sendId: number) => Promise<void> } = {},
  ): Promise<{ id: number; recipients: number; units: string; credits: string; status: SendStatus }> {
    const scheduled = input.scheduledAt && input.scheduledAt.getTime() > Date.now() ? input.scheduledAt : null;
    const status: SendStatus = scheduled ? 'scheduled' : 'queued';
    const [send] = await rows<{ id: number }>(
      tx,
      sql`insert into sends (tenant_id, channel, status, driver, body, sender_id, audience, audience_label, personalised, encoding, parts, amount, currency,
                             scheduled_at, ignore_quiet_hours, template_id, campaign_id, event_id, group_id, survey_id, created_by)
          values (${tenantId}, ${input.channel}, ${status}, ${input.driver}, ${input.body ?? ''}, ${input.senderId ?? null}, ${JSON.stringify(input.audience)}::jsonb,
                  ${input.audienceLabel}, ${input.personalised ?? false}, ${input.encoding ?? null}, ${input.parts ?? 0}, ${input.amount ?? null}, ${input.currency ?? null},
                  ${scheduled ? scheduled.toISOString() : null}, ${input.ignoreQuietHours ?? false}, ${input.templateId ?? null}, ${input.campaignId ?? null},
                  ${input.eventId ?? null}, ${input.groupId ?? null}, ${input.surveyId ?? null}, ${input.createdBy})
          returning id`,
    );
    const id = Number(send.id);
    const rate = (await rateSettings(tx, tenantId)).service[service] ?? '0';
    await tx.execute(
      sql`insert into deliveries (tenant_id, send_id, channel, contact_id, address, body, units, credits)
          select ${tenantId}, ${id}, ${input.channel}, r.contact_id, r.address, r.body, r.units, round(r.units * ${rate}::numeric, 4)
            from (${recipients}) r`,
    );
    if (opts.beforeHold) await opts.beforeHold(id);
    const [n] = await rows<{ n: number; units: string | null }>(
      tx,
      sql`select count(*)::int as n, sum(units)::text as units from deliveries where tenant_id = ${tenantId} and send_id = ${id}`,
    );
    if (!n.n) throw fieldError('audience', 'No one to send to: every recipient was left out (no consent, suppressed, or no address).');
    // every recipient is a message against the plan's monthly messages (docs/decisions/0046)
    await checkAllowance(tx, tenantId, 'messages', Number(n.n));
    const reservation = await reserve(tx, { tenantId, service, units: n.units!, reference: `send:${id}`, userId: input.createdBy });
    await tx.execute(
      sql`update sends set recipients = ${n.n}, reservation_id = ${reservation.id}, credits_reserved = ${reservation.credits} where tenant_id = ${tenantId} and id = ${id}`,
    );
    return { id, recipients: Number(n.n), units: n.units!, credits: reservation.credits, status };
  }

  /** Asks a worker to work the send (now, or at `at`). Safe to call too often: a busy send turns the extra job away. */
  async kick(tenantId: number, sendId: number, at?: Date | null) {
    await this.ctx.queue.send(DISPATCH_JOB, { tenantId, sendId }, at && at.getTime() > Date.now() ? { startAfter: at } : {});
  }

  // ---------------------------------------------------------------- user actions

  /** Pauses a queued or sending send; what is with the provider is answered as usual, nothing more is claimed. */
  async pause(tx: Tx, tenantId: number, sendId: number, reason: string): Promise<boolean> {
    const r = await rows(
      tx,
      sql`update sends set status = 'paused', pause_reason = ${reason}, updated_at = now()
           where tenant_id = ${tenantId} and id = ${sendId} and status in ('queued', 'sending', 'scheduled') returning id`,
    );
    return r.length > 0;
  }

  /**
   * Resumes a paused send where it stopped: nothing sent before is sent again. A send paused
   * before its time goes back to waiting for it (the sweep starts it when due), rather than
   * going out at once. Call `kick` after the commit.
   */
  async resume(tx: Tx, tenantId: number, sendId: number): Promise<boolean> {
    const r = await rows(
      tx,
      sql`update sends set status = case when started_at is null and scheduled_at > now() then 'scheduled' else 'queued' end,
                           pause_reason = null, heartbeat_at = null, answered = 0, refused = 0, updated_at = now()
           where tenant_id = ${tenantId} and id = ${sendId} and status = 'paused' returning id`,
    );
    return r.length > 0;
  }

  /** Cancels what has not gone yet: those recipients' credits go back; what went is answered as usual. */
  async cancel(tx: Tx, tenantId: number, sendId: number): Promise<boolean> {
    const r = await rows(
      tx,
      sql`update sends set status = 'cancelled', updated_at = now(), completed_at = coalesce(completed_at, now())
           where tenant_id = ${tenantId} and id = ${sendId} and status in ('scheduled', 'queued', 'sending', 'paused') returning id`,
    );
    if (!r.length) return false;
    await tx.execute(
      sql`update deliveries set state = 'cancelled', credit_state = 'returned', updated_at = now()
           where tenant_id = ${tenantId} and send_id = ${sendId} and state = 'queued'`,
    );
    await this.settleIfIdle(tx, tenantId, sendId);
    return true;
  }

  // ---------------------------------------------------------------- dispatching

  /** The dispatch job: works one send for a slice of time, then hands it on. */
  async dispatch(tenantId: number, sendId: number): Promise<void> {
    const { database } = this.ctx;
    const send = await withTenant(database, tenantId, (tx) => this.begin(tx, tenantId, sendId));
    if (!send) return;
    await this.freshStats();
    const channel = this.channel(send.channel);
    const rules = await withTenant(database, tenantId, (tx) => channel.rules(tx, tenantId));
    if (rules.quiet && !send.ignoreQuietHours) {
      const until = await this.quietUntil(tenantId, rules.quiet);
      if (until) {
        await database.query('update sends set heartbeat_at = $3, updated_at = now() where tenant_id = $1 and id = $2', [tenantId, sendId, until.toISOString()]);
        await this.kick(tenantId, sendId, until);
        return;
      }
    }
    const deadline = Date.now() + SLICE_MS;
    const keys = channel.throttleKeys(send);
    let stop: 'slice' | 'done' | 'halted' | null = null;
    let wakeAt: Date | null = null;
    const loop = async () => {
      while (!stop) {
        if (Date.now() > deadline) {
          stop ??= 'slice';
          break;
        }
        const { granted, waitMs } = await this.throttle.take(keys, channel.batchSize);
        if (!granted) {
          await new Promise((r) => setTimeout(r, Math.min(waitMs, Math.max(0, deadline - Date.now()) + 1)));
          continue;
        }
        const claimed = await withTenant(database, tenantId, (tx) => this.claim(tx, tenantId, sendId, granted));
        if (!claimed.length) {
          stop ??= 'done';
          break;
        }
        const outcomes = await this.send(channel, send, claimed);
        const status = await withTenant(database, tenantId, (tx) => this.record(tx, tenantId, send, claimed, outcomes, rules));
        if (status !== 'sending') stop ??= 'halted';
      }
    };
    await Promise.all(Array.from({ length: this.ctx.config.delivery.concurrency }, loop));
    await withTenant(database, tenantId, async (tx) => {
      if (stop === 'done') {
        const next = await this.settleIfIdle(tx, tenantId, sendId);
        if (next) wakeAt = next;
      } else if (stop === 'halted') {
        await this.settleIfIdle(tx, tenantId, sendId);
      }
      await tx.execute(sql`update sends set heartbeat_at = ${wakeAt ? (wakeAt as Date).toISOString() : null}, updated_at = now() where tenant_id = ${tenantId} and id = ${sendId}`);
    });
    if (stop === 'slice') await this.kick(tenantId, sendId);
    else if (wakeAt) await this.kick(tenantId, sendId, wakeAt);
  }

  /**
   * Takes the send for this dispatcher: queued or sending, and nobody else's (no heartbeat, or
   * one past its lease). Rows a dead dispatcher left `sending` become `unknown`.
   */
  private async begin(tx: Tx, tenantId: number, sendId: number): Promise<SendRecord | null> {
    const [s] = await rows<Record<string, unknown>>(
      tx,
      sql`update sends set status = 'sending', started_at = coalesce(started_at, now()),
                 heartbeat_at = now() + make_interval(secs => ${this.lease}), updated_at = now()
           where tenant_id = ${tenantId} and id = ${sendId} and status in ('queued', 'sending')
             and (heartbeat_at is null or heartbeat_at <= now())
          returning id, tenant_id, channel, status, driver, body, sender_id, personalised, amount::text as amount, currency, ignore_quiet_hours`,
    );
    if (!s) return null;
    await tx.execute(
      sql`update deliveries set state = 'unknown', reason = ${ORPHANED}, updated_at = now()
           where tenant_id = ${tenantId} and send_id = ${sendId} and state = 'sending'`,
    );
    return {
      id: Number(s.id),
      tenantId,
      channel: s.channel as SendChannel,
      status: s.status as SendStatus,
      driver: s.driver as string,
      body: s.body as string,
      senderId: (s.sender_id as string | null) ?? null,
      personalised: Boolean(s.personalised),
      amount: (s.amount as string | null) ?? null,
      currency: (s.currency as string | null) ?? null,
      ignoreQuietHours: Boolean(s.ignore_quiet_hours),
    };
  }

  /** the end of the company's quiet hours when now is inside them, else null */
  private async quietUntil(tenantId: number, quiet: { start: string; end: string }): Promise<Date | null> {
    const [r] = await this.ctx.database.query<{ until: string | null }>(
      `with t as (select coalesce((select timezone from tenants where id = $1), 'UTC') as tz),
            l as (select (now() at time zone tz) as local, tz from t),
            q as (select local, tz, local::time as now_t, $2::time as s, $3::time as e from l)
       select case
                when s = e then null
                when (s < e and now_t >= s and now_t < e) or (s > e and (now_t >= s or now_t < e))
                  then (((local::date + case when s > e and now_t >= s then 1 else 0 end) + e) at time zone tz)::text
                else null end as until
         from q`,
      [tenantId, quiet.start, quiet.end],
    );
    return r?.until ? new Date(r.until) : null;
  }

  /** Claims up to `n` queued recipients that are due: one statement, SKIP LOCKED. */
  private async claim(tx: Tx, tenantId: number, sendId: number, n: number): Promise<ClaimedRow[]> {
    const r = await rows<{ id: number; contact_id: number | null; address: string; body: string | null; units: string; attempts: number; refusals: number }>(
      tx,
      // the pick is a CTE: materialised once (an IN (subquery … SKIP LOCKED) may be run again per row)
      sql`with picked as (
            select id from deliveries
             where tenant_id = ${tenantId} and send_id = ${sendId} and state = 'queued' and (next_attempt_at is null or next_attempt_at <= now())
             order by id limit ${n} for update skip locked
          )
          update deliveries d set state = 'sending', claimed_at = now(), attempts = d.attempts + 1, updated_at = now()
            from picked where d.tenant_id = ${tenantId} and d.id = picked.id
          returning d.id, d.contact_id, d.address, d.body, d.units::text as units, d.attempts, d.refusals`,
    );
    return r.map((x) => ({ id: Number(x.id), contactId: x.contact_id === null ? null : Number(x.contact_id), address: x.address, body: x.body, units: x.units, attempts: Number(x.attempts), refusals: Number(x.refusals) }));
  }

  /** The channel's answers; a failure that may have reached the provider makes every row unknown. */
  private async send(channel: DeliveryChannel, send: SendRecord, claimed: ClaimedRow[]): Promise<RowOutcome[]> {
    try {
      const answers = await channel.dispatch(send, claimed);
      const byId = new Map(answers.map((a) => [a.id, a]));
      return claimed.map((c) => byId.get(c.id) ?? { id: c.id, outcome: 'unknown', reason: 'The provider did not answer for this recipient.' });
    } catch (err) {
      if (err instanceof DispatchFailed) {
        return claimed.map((c) => ({ id: c.id, outcome: 'refused', code: 'RequestFailed', reason: err.message, temporary: err.temporary, account: !err.temporary, outage: err.temporary }));
      }
      this.ctx.log.error({ err, send: send.id }, 'delivery: the provider request failed after it may have left');
      return claimed.map((c) => ({ id: c.id, outcome: 'unknown', reason: 'The request to the provider failed after it may have left: the delivery report will settle it.' }));
    }
  }

  /**
   * Records a batch's answers in one statement, counts them on the send, and pauses it when the
   * provider refused the account or too many were refused. Answers the send's status.
   */
  private async record(tx: Tx, tenantId: number, send: SendRecord, claimed: ClaimedRow[], outcomes: RowOutcome[], rules: { pauseErrorRate: number; pauseMinSample: number }): Promise<SendStatus> {
    const ids: number[] = [];
    const kinds: string[] = [];
    const providerIds: (string | null)[] = [];
    const statuses: (string | null)[] = [];
    const reasons: (string | null)[] = [];
    const retry: boolean[] = [];
    const delivered: boolean[] = [];
    const attempts = new Map(claimed.map((c) => [c.id, c.attempts]));
    const retrySeconds = this.ctx.config.delivery.retrySeconds;
    let refused = 0;
    let accountRefusal: string | null = null;
    for (const o of outcomes) {
      ids.push(o.id);
      if (o.outcome === 'accepted') {
        kinds.push('accepted');
        providerIds.push(o.providerId);
        statuses.push(o.status ?? null);
        reasons.push(null);
        retry.push(false);
        delivered.push(Boolean(o.delivered));
      } else if (o.outcome === 'refused' && o.outage) {
        // the provider is down: wait and try again, however long it takes; nobody is refused
        kinds.push('outage');
        providerIds.push(null);
        statuses.push(o.code);
        reasons.push(o.reason);
        retry.push(true);
        delivered.push(false);
      } else if (o.outcome === 'refused') {
        refused++;
        if (o.account) accountRefusal ??= o.reason;
        // an account refusal (balance, sender ID, risk hold) waits for the send's resume, untouched
        const again = o.account || (o.temporary && (attempts.get(o.id) ?? MAX_ATTEMPTS) < MAX_ATTEMPTS);
        kinds.push(o.account ? 'held' : again ? 'retry' : 'refused');
        providerIds.push(null);
        statuses.push(o.code);
        reasons.push(o.reason);
        retry.push(again);
        delivered.push(false);
      } else {
        refused++;
        kinds.push('unknown');
        providerIds.push(null);
        statuses.push(null);
        reasons.push(o.reason);
        retry.push(false);
        delivered.push(false);
      }
    }
    const accepted = await rows<{ id: number; contact_id: number | null }>(
      tx,
      sql`with o as (
            select * from unnest(${sql.param(ids)}::bigint[], ${sql.param(kinds)}::text[], ${sql.param(providerIds)}::text[], ${sql.param(statuses)}::text[],
                                 ${sql.param(reasons)}::text[], ${sql.param(delivered)}::boolean[]) as o(id, kind, provider_id, status, reason, delivered)
          ), s as (
            select settled_at from sends where tenant_id = ${tenantId} and id = ${send.id}
          )
          update deliveries d set
            state = case
              when d.state not in ('sending', 'unknown') then d.state
              when o.kind = 'accepted' then case when o.delivered then 'delivered' else 'sent' end
              when o.kind in ('held', 'retry', 'outage') then 'queued'
              when o.kind = 'refused' then 'rejected'
              else 'unknown' end,
            provider_id = coalesce(d.provider_id, o.provider_id),
            provider_status = case when d.state in ('sending', 'unknown') then coalesce(o.status, d.provider_status) else d.provider_status end,
            reason = case when d.state not in ('sending', 'unknown') then d.reason when o.kind = 'accepted' then null else o.reason end,
            attempts = case when o.kind in ('held', 'outage') then d.attempts - 1 else d.attempts end,
            refusals = case when d.state in ('sending', 'unknown') and o.kind in ('held', 'retry', 'refused', 'outage') then d.refusals + 1 else d.refusals end,
            next_attempt_at = case
              when o.kind = 'retry' then now() + make_interval(secs => ${retrySeconds} * power(2, greatest(d.attempts - 1, 0)))
              -- an outage: 1, 2, 4 … 16 times the first wait, counted by the recipient's refusals so far
              when o.kind = 'outage' then now() + make_interval(secs => ${retrySeconds} * power(2, least(d.refusals, 4)))
              else null end,
            claimed_at = case when o.kind in ('held', 'retry', 'outage') then null else d.claimed_at end,
            sent_at = case when o.kind = 'accepted' then coalesce(d.sent_at, now()) else d.sent_at end,
            done_at = case when d.state in ('sending', 'unknown') and (o.kind = 'refused' or (o.kind = 'accepted' and o.delivered)) then now() else d.done_at end,
            credit_state = case when d.state in ('sending', 'unknown') and o.kind = 'refused' and d.credit_state = 'held'
                                then case when (select settled_at from s) is null then 'returned' else 'refund_due' end
                                else d.credit_state end,
            updated_at = now()
          from o
          where d.tenant_id = ${tenantId} and d.id = o.id
          returning d.id, d.contact_id, o.kind`,
    );
    const sentType = `${send.channel}.sent`;
    if ((CONTACT_EVENT_TYPES as readonly string[]).includes(sentType)) {
      const events = (accepted as { id: number; contact_id: number | null; kind: string }[])
        .filter((a) => a.kind === 'accepted' && a.contact_id !== null)
        .map((a) => ({ contactId: Number(a.contact_id), type: sentType, subject: { type: 'send', id: send.id } }));
      await recordContactEvents(tx, tenantId, events);
    }
    const [s] = await rows<{ status: SendStatus; answered: number; refused: number }>(
      tx,
      sql`update sends set answered = answered + ${outcomes.length}, refused = refused + ${refused},
                 heartbeat_at = now() + make_interval(secs => ${this.lease}), updated_at = now()
           where tenant_id = ${tenantId} and id = ${send.id}
          returning status, answered, refused`,
    );
    if (s.status !== 'sending') return s.status;
    let pause: string | null = null;
    if (accountRefusal) pause = `Paused: the provider refused the account — ${accountRefusal} Resume when it is fixed.`;
    else if (s.answered >= rules.pauseMinSample && s.refused * 100 > rules.pauseErrorRate * s.answered) {
      pause = `Paused: ${Math.round((s.refused * 100) / s.answered)} % of the last ${s.answered} messages were refused or not answered (the limit is ${rules.pauseErrorRate} %).`;
    }
    if (pause) {
      await this.pause(tx, tenantId, send.id, pause);
      return 'paused';
    }
    return 'sending';
  }

  /**
   * When nothing of the send is queued (due) or with a dispatcher: completes it and settles its
   * credits with the wallet — every recipient's units but those given back. Answers when to look
   * again if retries are still waiting.
   */
  async settleIfIdle(tx: Tx, tenantId: number, sendId: number): Promise<Date | null> {
    const [s] = await rows<{ status: SendStatus; reservation_id: number | null; settled_at: string | null }>(
      tx,
      sql`select status, reservation_id, settled_at from sends where tenant_id = ${tenantId} and id = ${sendId} for update`,
    );
    if (!s) return null;
    const [c] = await rows<{ queued: number; sending: number; next: string | null }>(
      tx,
      sql`select count(*) filter (where state = 'queued')::int as queued, count(*) filter (where state = 'sending')::int as sending,
                 min(next_attempt_at) filter (where state = 'queued')::text as next
            from deliveries where tenant_id = ${tenantId} and send_id = ${sendId} and state in ('queued', 'sending')`,
    );
    if (c.sending > 0) return null;
    if (c.queued > 0) {
      if (s.status === 'paused' || s.status === 'scheduled') return null;
      return c.next ? new Date(c.next) : new Date();
    }
    if (s.status === 'sending' || s.status === 'queued') {
      await tx.execute(sql`update sends set status = 'completed', completed_at = now(), updated_at = now() where tenant_id = ${tenantId} and id = ${sendId}`);
      await tellSendFinished(tx, tenantId, sendId);
    } else if (s.status !== 'completed' && s.status !== 'cancelled') return null;
    if (s.settled_at || s.reservation_id === null) return null;
    const [u] = await rows<{ units: string }>(
      tx,
      sql`select coalesce(sum(units), 0)::text as units from deliveries where tenant_id = ${tenantId} and send_id = ${sendId} and credit_state <> 'returned'`,
    );
    await settle(tx, Number(s.reservation_id), u.units, { tenantId });
    await tx.execute(sql`update sends set settled_at = now(), updated_at = now() where tenant_id = ${tenantId} and id = ${sendId}`);
    return null;
  }

  // ---------------------------------------------------------------- reports

  /**
   * Applies provider reports in one statement: a row found by its provider id, or — for an answer
   * that was lost — by its address among the channel's unanswered rows (the oldest claim first).
   * A final state is never overwritten; a failure after the charge marks the credits for refund.
   * Answers how many rows it found.
   */
  async applyReports(tx: Tx, tenantId: number, channel: SendChannel, reports: DeliveryReportInput[]): Promise<number> {
    return (await this.applyReportsFound(tx, tenantId, channel, reports)).size;
  }

  /** The same, answering which reports (their 1-based positions) found a recipient. */
  async applyReportsFound(tx: Tx, tenantId: number, channel: SendChannel, reports: DeliveryReportInput[]): Promise<Set<number>> {
    if (!reports.length) return new Set();
    const col = <K extends keyof DeliveryReportInput>(k: K) => reports.map((r) => r[k] ?? null);
    const found = await rows<{ id: number; contact_id: number | null; send_id: number; state: DeliveryState; reported: string; seq: number }>(
      tx,
      sql`with r as (
            select * from unnest(${sql.param(col('providerId'))}::text[], ${sql.param(col('address'))}::text[], ${sql.param(col('state'))}::text[],
                                 ${sql.param(col('status'))}::text[], ${sql.param(col('reason'))}::text[], ${sql.param(col('networkCode'))}::text[])
                   with ordinality as r(provider_id, address, state, status, reason, network_code, seq)
          ), by_id as (
            select d.id, r.* from deliveries d join r on r.provider_id = d.provider_id
             -- the ids as a restriction (an index condition), not only a join with the unnest
             where d.tenant_id = ${tenantId} and d.channel = ${channel} and d.provider_id = any(${sql.param(col('providerId'))}::text[])
          ), by_address as (
            select distinct on (r.seq) d.id, r.* from deliveries d
              join r on r.address = d.address
             where d.tenant_id = ${tenantId} and d.channel = ${channel} and d.provider_id is null and d.state in ('sending', 'unknown')
               and d.address = any(${sql.param(col('address').filter((a): a is string => a !== null))}::text[])
               and not exists (select 1 from by_id b where b.seq = r.seq)
             order by r.seq, d.claimed_at nulls last, d.id
          ), m as (
            select distinct on (id) * from (select * from by_id union all select * from by_address) x order by id, seq desc
          ), u as (
            update deliveries d set
              provider_id = coalesce(d.provider_id, m.provider_id),
              state = case
                when d.state in ('delivered', 'failed', 'rejected') then d.state
                when m.state = 'pending' then 'sent'
                else m.state end,
              provider_status = case when d.state in ('delivered', 'failed', 'rejected') then d.provider_status else m.status end,
              network_code = coalesce(m.network_code, d.network_code),
              reason = case when d.state in ('delivered', 'failed', 'rejected') then d.reason when m.state in ('failed', 'rejected') then m.reason else null end,
              sent_at = coalesce(d.sent_at, now()),
              done_at = case when d.done_at is null and m.state in ('delivered', 'failed', 'rejected') then now() else d.done_at end,
              credit_state = case when d.state not in ('delivered', 'failed', 'rejected') and m.state in ('failed', 'rejected') and d.credit_state = 'held'
                                  then 'refund_due' else d.credit_state end,
              updated_at = now()
            from m where d.tenant_id = ${tenantId} and d.id = m.id
            returning d.id, d.contact_id, d.send_id, d.state, m.state as reported, m.status, m.reason, m.seq
          ), logged as (
            insert into delivery_reports (tenant_id, delivery_id, state, status, reason)
            select ${tenantId}, u.id, case when u.reported = 'pending' then 'sent' else u.reported end, u.status, u.reason from u
          )
          select id, contact_id, send_id, state, reported, seq from u`,
    );
    const type = `${channel}.delivered`;
    if ((CONTACT_EVENT_TYPES as readonly string[]).includes(type)) {
      await recordContactEvents(
        tx,
        tenantId,
        found
          .filter((f) => f.reported === 'delivered' && f.state === 'delivered' && f.contact_id !== null)
          .map((f) => ({ contactId: Number(f.contact_id), type, subject: { type: 'send', id: Number(f.send_id) } })),
      );
    }
    return new Set(found.map((f) => Number(f.seq)));
  }

  /** Gives back, as one wallet refund per send, the credits of recipients that failed or were rejected after they were charged. */
  async refund(tx: Tx, tenantId: number, sendId: number): Promise<string | null> {
    const [r] = await rows<{ credits: string | null; n: number; channel: SendChannel | null; paid: boolean | null }>(
      tx,
      sql`with d as (
            update deliveries set credit_state = 'refunded', updated_at = now()
             where tenant_id = ${tenantId} and send_id = ${sendId} and credit_state = 'refund_due'
            returning credits
          )
          select (select sum(credits)::text from d) as credits, (select count(*)::int from d) as n,
                 s.channel, exists (select 1 from credit_reservations c, jsonb_array_elements(c.allocations) a
                                     where c.tenant_id = ${tenantId} and c.id = s.reservation_id and a->>'kind' = 'paid') as paid
            from sends s where s.tenant_id = ${tenantId} and s.id = ${sendId}`,
    );
    if (!r || !r.n || !r.credits || Number(r.credits) <= 0) return null;
    const what = r.channel === 'sms' ? 'SMS' : r.channel === 'airtime' ? 'Airtime' : 'Email';
    await addCredits(tx, {
      tenantId,
      kind: r.paid === false ? 'granted' : 'paid',
      movement: 'refund',
      credits: r.credits,
      reference: `send:${sendId}`,
      description: `${what}: ${r.n} ${r.n === 1 ? 'recipient' : 'recipients'} failed or rejected after sending, credits returned`,
    });
    return r.credits;
  }

  // ---------------------------------------------------------------- the sweep

  /**
   * Keeps sends moving whatever died: starts scheduled sends that are due, picks up sends whose
   * dispatcher went silent, queues again the unknown recipients the provider never had, settles
   * sends left unsettled and refunds what failed. Across companies (owner connection for the
   * reads; each change in its company's transaction).
   */
  async sweep(): Promise<{ started: number; resumed: number; requeued: number; refunded: number }> {
    const { database } = this.ctx;
    const lease = this.lease;
    await this.freshStats();
    const due = await database.query<{ tenant_id: number; id: number }>(
      `update sends set status = 'queued', updated_at = now() where status = 'scheduled' and scheduled_at <= now() returning tenant_id, id`,
    );
    const requeued = await database.query<{ tenant_id: number; send_id: number }>(
      `with r as (
         update deliveries d set state = 'queued', reason = null, claimed_at = null, updated_at = now()
          where d.provider_id is null and d.state = 'unknown' and d.claimed_at < now() - make_interval(secs => $1)
            -- evidence it never reached the provider: a message of the same send handed over a whole window later
            -- has been reported on (requests claimed close together may reach the provider in either order)
            and exists (select 1 from deliveries x where x.tenant_id = d.tenant_id and x.send_id = d.send_id and x.provider_id is not null
                           and x.claimed_at > d.claimed_at + make_interval(secs => $1) and x.done_at is not null)
          returning d.tenant_id, d.send_id)
       select distinct tenant_id, send_id from r`,
      [this.ctx.config.delivery.reportWindowSeconds],
    );
    if (requeued.length) {
      await database.query(
        `update sends s set status = 'queued', completed_at = null, updated_at = now()
           from unnest($1::bigint[], $2::bigint[]) as r(tenant_id, send_id)
          where s.tenant_id = r.tenant_id and s.id = r.send_id and s.status = 'completed'`,
        [requeued.map((r) => r.tenant_id), requeued.map((r) => r.send_id)],
      );
    }
    const stale = await database.query<{ tenant_id: number; id: number }>(
      `select tenant_id, id from sends
        where status in ('queued', 'sending')
          and ((heartbeat_at is not null and heartbeat_at <= now()) or (heartbeat_at is null and updated_at < now() - make_interval(secs => $1)))`,
      [lease],
    );
    const idle = await database.query<{ tenant_id: number; id: number }>(
      `select tenant_id, id from sends where status in ('completed', 'cancelled') and settled_at is null and reservation_id is not null`,
    );
    for (const s of idle) await withTenant(database, Number(s.tenant_id), (tx) => this.settleIfIdle(tx, Number(s.tenant_id), Number(s.id)));
    const refunds = await database.query<{ tenant_id: number; send_id: number }>(`select distinct tenant_id, send_id from deliveries where credit_state = 'refund_due'`);
    for (const r of refunds) await withTenant(database, Number(r.tenant_id), (tx) => this.refund(tx, Number(r.tenant_id), Number(r.send_id)));
    const kicks = new Map<string, { tenant_id: number; id: number }>();
    for (const s of [...due, ...stale, ...requeued.map((r) => ({ tenant_id: r.tenant_id, id: r.send_id }))]) kicks.set(`${s.tenant_id}:${s.id}`, s);
    for (const s of kicks.values()) await this.kick(Number(s.tenant_id), Number(s.id));
    return { started: due.length, resumed: stale.length, requeued: requeued.length, refunded: refunds.length };
  }
}

export { toDate };
