import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { LIMIT_LABELS, type LimitKind, type PlanRow, type SubscriptionState, type SubscriptionStatus, type UsageRow } from '../../../common/subscriptions.js';
import { rows, type Tx } from '../../db/client.js';
import type { AllowanceKind } from '../../http/allowance.js';
import { HttpError } from '../../http/errors.js';

/**
 * Where a company stands with its plan (docs/decisions/0046): the state as it applies now,
 * computed from the stored status and the dates in one statement, what it has used of each
 * limit, and the refusals a lapsed company or a reached limit answer.
 */

export const SUBSCRIPTION_URL = '/settings/company/subscriptions';
/** a renewal not paid is retried for this long (dunning) before the company becomes read-only */
export const GRACE_DAYS = 7;

export const PLAN_COLUMNS = sql.raw(
  `p.id, p.code, p.name, p.description, p.prices, p.trial_days, p.limits, p.features, p.included_credits::text as included_credits, p.position, p.active`,
);

/** the state as of now (alias s = subscriptions) */
export const EFFECTIVE = sql.raw(`(case
  when s.status = 'trialing' and s.trial_ends_at <= now() then 'lapsed'
  when s.status in ('active', 'past_due') and s.cancel_at_period_end and s.current_period_end <= now() then 'lapsed'
  when s.status = 'past_due' and s.current_period_end + interval '${GRACE_DAYS} days' <= now() then 'lapsed'
  when s.status = 'active' and s.current_period_end <= now() then 'past_due'
  else s.status end)`);

interface StateRecord {
  status: SubscriptionStatus;
  effective: SubscriptionStatus;
  interval: 'monthly' | 'yearly';
  currency: string;
  onboarding_step: SubscriptionState['onboarding_step'];
  trial_ends_at: string | null;
  current_period_start: string | null;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  next_interval: 'monthly' | 'yearly' | null;
  plan: PlanRow | null;
  next_plan: PlanRow | null;
}

export const isReadOnly = (effective: SubscriptionStatus) => effective === 'lapsed' || effective === 'onboarding';

/** The company's subscription as it applies now; a company without a row (none should be) is complimentary. */
export async function subscriptionState(tx: Tx, tenantId: number): Promise<SubscriptionState> {
  const [r] = await rows<StateRecord>(
    tx,
    sql`select s.status, ${EFFECTIVE} as effective, s.interval, s.currency, s.onboarding_step, s.trial_ends_at, s.current_period_start, s.current_period_end,
               s.cancel_at_period_end, s.next_interval,
               (select to_jsonb(x) from (select ${PLAN_COLUMNS} from plans p where p.id = s.plan_id) x) as plan,
               (select to_jsonb(x) from (select ${PLAN_COLUMNS} from plans p where p.id = s.next_plan_id) x) as next_plan
          from subscriptions s where s.tenant_id = ${tenantId}`,
  );
  if (!r) {
    return {
      status: 'complimentary',
      effective: 'complimentary',
      read_only: false,
      plan: null,
      interval: 'monthly',
      currency: 'USD',
      onboarding_step: 'done',
      trial_ends_at: null,
      current_period_start: null,
      current_period_end: null,
      cancel_at_period_end: false,
      next_plan: null,
      next_interval: null,
      days_left: null,
    };
  }
  const end = r.effective === 'trialing' ? r.trial_ends_at : r.current_period_end;
  return {
    ...r,
    read_only: isReadOnly(r.effective),
    days_left: end && !isReadOnly(r.effective) ? Math.max(0, Math.ceil((new Date(end).getTime() - Date.now()) / 86_400_000)) : null,
  };
}

const states = new WeakMap<FastifyRequest, Promise<SubscriptionState>>();

/** The request's company's state, read once per request. */
export function stateOfRequest(req: FastifyRequest): Promise<SubscriptionState> {
  let s = states.get(req);
  if (!s) {
    s = req.tenantRead((tx) => subscriptionState(tx, req.tenant!.id));
    states.set(req, s);
  }
  return s;
}

/** The refusal of a write while the company is read-only: what happened and where to pay. */
export function readOnlyError(state: SubscriptionState): HttpError {
  if (state.effective === 'onboarding') return new HttpError(402, 'Finish setting up the company first: choose a plan at /onboarding.');
  const ended = state.status === 'trialing' ? `The free trial ended on ${String(state.trial_ends_at).slice(0, 10)}` : `The subscription ended on ${String(state.current_period_end).slice(0, 10)}`;
  return new HttpError(
    402,
    `${ended}: the company is read-only until a plan is paid. Nothing has been deleted. Pay at ${SUBSCRIPTION_URL} to continue.`,
    { 'x-pay-url': SUBSCRIPTION_URL },
  );
}

const MB = 1024 * 1024;
const KIND_OF: Record<AllowanceKind, LimitKind> = { users: 'users', contacts: 'contacts', messages: 'messages', storage: 'storage_mb' };

/**
 * What the company has used of one limit. Counts stop at `cap` rows (the limit plus what is
 * being added), so a check costs at most the limit's rows of an index, not the whole table.
 */
async function used(tx: Tx, tenantId: number, kind: LimitKind, cap: number | null): Promise<number> {
  const limit = cap === null ? sql`` : sql`limit ${cap}`;
  let q;
  switch (kind) {
    case 'users':
      q = sql`select count(*)::bigint as n from (
                select 1 from memberships where tenant_id = ${tenantId}
                union all
                select 1 from invitations where tenant_id = ${tenantId} and accepted_at is null and expires_at > now()) x`;
      break;
    case 'contacts':
      q = sql`select count(*)::bigint as n from (select 1 from outreach_contacts where tenant_id = ${tenantId} ${limit}) x`;
      break;
    case 'messages':
      q = sql`select coalesce(sum(recipients), 0)::bigint as n from sends where tenant_id = ${tenantId} and created_at >= date_trunc('month', now())`;
      break;
    case 'storage_mb':
      q = sql`select coalesce((select bytes from media_usage where tenant_id = ${tenantId}), 0)::bigint as n`;
      break;
  }
  const [r] = await rows<{ n: string }>(tx, q);
  return Number(r?.n ?? 0);
}

/** Usage against every limit of the company's plan (storage in megabytes, rounded up). */
export async function usageOf(tx: Tx, tenantId: number, plan: PlanRow | null): Promise<UsageRow[]> {
  const out: UsageRow[] = [];
  for (const kind of Object.keys(LIMIT_LABELS) as LimitKind[]) {
    const n = await used(tx, tenantId, kind, null);
    out.push({ kind, label: LIMIT_LABELS[kind], used: kind === 'storage_mb' ? Math.ceil(n / MB) : n, limit: plan?.limits[kind] ?? null });
  }
  return out;
}

const words = (n: number) => n.toLocaleString('en-US');

/**
 * The allowance check of server/http/allowance.ts: refuses (402) an action that would take the
 * company past a limit of its plan, naming the limit and where to upgrade. A read-only company is
 * refused here too (a job's import, a scheduled path that bypassed the request gate).
 */
export async function checkPlanAllowance(tx: Tx, tenantId: number, kind: AllowanceKind, adding: number): Promise<void> {
  const state = await subscriptionState(tx, tenantId);
  if (state.read_only) throw readOnlyError(state);
  const plan = state.plan;
  const limitKind = KIND_OF[kind];
  const limit = plan?.limits[limitKind] ?? null;
  if (!plan || limit === null || state.effective === 'complimentary') return;
  if (kind === 'storage') {
    const bytes = await used(tx, tenantId, 'storage_mb', null);
    if (bytes + adding > limit * MB) {
      throw new HttpError(
        402,
        `The ${plan.name} plan includes ${words(limit)} MB of storage and ${words(Math.ceil(bytes / MB))} MB is used: this file does not fit. Delete files or upgrade at ${SUBSCRIPTION_URL}.`,
        { 'x-pay-url': SUBSCRIPTION_URL },
      );
    }
    return;
  }
  const n = await used(tx, tenantId, limitKind, limit + 1);
  if (n + adding > limit) {
    const what = { users: 'users', contacts: 'contacts', messages: 'messages a month' }[kind];
    const has = kind === 'messages' ? `${words(n)} have gone this month` : `the company has ${words(n)}`;
    throw new HttpError(
      402,
      `The ${plan.name} plan allows ${words(limit)} ${what} and ${has}: adding ${words(adding)} would pass the limit. Upgrade at ${SUBSCRIPTION_URL}.`,
      { 'x-pay-url': SUBSCRIPTION_URL },
    );
  }
}
