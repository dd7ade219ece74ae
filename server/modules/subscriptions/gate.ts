import type { FastifyInstance } from 'fastify';
import { PERMISSION_SECTIONS, type RouteAccess } from '../../../common/permissions.js';
import { PLAN_FEATURE_LABELS, type PlanFeature } from '../../../common/subscriptions.js';
import { HttpError } from '../../http/errors.js';
import { readOnlyError, stateOfRequest, SUBSCRIPTION_URL } from './state.js';

/**
 * The one gate every signed-in company request passes (docs/decisions/0046), after the
 * permission check:
 * - a company still onboarding is sent to /onboarding from any page (so a user who left halfway
 *   comes back to the step reached), and its writes are refused;
 * - a lapsed company (trial or paid period over, unpaid) is read-only: every GET still answers,
 *   nothing is hidden or deleted, and every write is refused with 402 and where to pay;
 * - a route of an area the plan does not include is refused with 403.
 * What a company needs to get out of those states (onboarding, subscriptions and payments, its
 * own profile, signing out) is exempt.
 */
const EXEMPT = [
  '/onboarding',
  '/get-started',
  '/get-plans',
  '/subscriptions',
  SUBSCRIPTION_URL,
  '/logout',
  '/operator',
  '/profile',
  '/settings/profile',
  '/user',
  '/confirm-password',
  '/verify-email',
  '/email/verification-notification',
  '/notifications',
  '/roles/active-permissions',
  '/broadcasting',
  // a member of several companies can always move to another one
  '/tenants/switch',
];

/** the area of the product (a plan feature) each permission area belongs to */
const SECTION_FEATURE: Record<string, PlanFeature> = {
  'Accounting and sales': 'accounting',
  Outreach: 'outreach',
  Campaigns: 'campaigns',
  Wallet: 'wallet',
  'Mailbox and chat': 'mailbox',
  'CMS and media': 'cms',
};
const FEATURE_OF_AREA = new Map<string, PlanFeature>(
  PERMISSION_SECTIONS.flatMap((s) => (SECTION_FEATURE[s.label] ? s.areas.map((a) => [a, SECTION_FEATURE[s.label]] as const) : [])),
);

function featuresOf(access: RouteAccess): PlanFeature[] {
  if (access === 'public' || access === 'authenticated') return [];
  const names = typeof access === 'string' ? [access] : access;
  return [...new Set(names.map((n) => FEATURE_OF_AREA.get(n.split('.')[0])).filter((f): f is PlanFeature => !!f))];
}

const exempt = (url: string) => EXEMPT.some((p) => url === p || url.startsWith(`${p}/`) || url.startsWith(`${p}?`));

export function subscriptionGate(app: FastifyInstance) {
  app.addHook('preHandler', async (req, reply) => {
    if (!req.user || !req.tenant || reply.sent) return;
    const access = (req.routeOptions.config as { access?: RouteAccess } | undefined)?.access;
    if (!access || access === 'public') return;
    const url = req.routeOptions.url ?? req.url;
    if (exempt(url)) return;
    const state = await stateOfRequest(req);
    const reading = req.method === 'GET' || req.method === 'HEAD';
    if (state.effective === 'onboarding') {
      if (reading && !req.wantsJson) return reply.inertiaRedirect('/onboarding');
      if (!reading) throw readOnlyError(state);
      return;
    }
    if (!reading && state.read_only) throw readOnlyError(state);
    const plan = state.plan;
    if (plan && state.effective !== 'complimentary') {
      const off = featuresOf(access).filter((f) => !plan.features.includes(f));
      // a route open to several areas (contacts: customers or vendors) passes when any is on
      if (off.length && off.length === featuresOf(access).length) {
        throw new HttpError(403, `The ${plan.name} plan does not include ${PLAN_FEATURE_LABELS[off[0]]}. Upgrade at ${SUBSCRIPTION_URL}.`, { 'x-pay-url': SUBSCRIPTION_URL });
      }
    }
  });
}
