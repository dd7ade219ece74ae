import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { getStartedSchema, type PlanRow, type SubscriptionState } from '../../../common/subscriptions.js';
import { rows, type Tx } from '../../db/client.js';
import { fieldError, HttpError } from '../../http/errors.js';
import { validate } from '../../http/validate.js';
import { toE164 } from '../outreach/phone.js';
import { availableDrivers } from '../payments/index.js';
import { defaultSmsDriver, smsGateways } from '../sms/channel.js';
import { invoiceOf, openInvoice, periodEnd, priceOf, publicInvoice } from './billing.js';
import { activePlans, planById } from './plans.js';
import { subscriptionState } from './state.js';

/**
 * Onboarding (SPEC §1, §2 Onboarding, §7 `POST /get-started`, §9 "3 steps by default";
 * docs/decisions/0046): company details → plan → a free trial (verified by a code sent by e-mail
 * or SMS) or paying the first period through the gateway. Each step is stored as it is taken
 * (`subscriptions.onboarding_step`), so a user who leaves halfway and signs in again is sent back
 * to the step reached: every page of the app sends a company still onboarding to /onboarding.
 */

const ACCESS = { config: { access: 'subscriptions.update' as const } };
const CODE_MINUTES = 15;
const MAX_CODE_TRIES = 5;

const sha = (v: string) => createHash('sha256').update(v).digest('hex');

const trialStartSchema = z.object({
  channel: z.enum(['email', 'sms'], { error: 'Choose where to send the code.' }),
  phone: z.string().trim().max(32).nullish(),
});
const codeSchema = z.object({ code: z.string().trim().regex(/^\d{6}$/, 'Enter the 6-digit code.') });
const invoiceQuery = z.object({ invoice: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

interface Onboarding {
  state: SubscriptionState;
  plan: PlanRow | null;
}

async function onboardingOf(tx: Tx, tenantId: number): Promise<Onboarding> {
  const state = await subscriptionState(tx, tenantId);
  return { state, plan: state.plan };
}

/** a number as typed ("0712 345 678" in the company's country, or "+254…") in E.164, or null */
function e164(req: FastifyRequest, raw: string): string | null {
  const v = raw.replace(/[\s-]/g, '');
  const country = req.tenant!.phone_country;
  return toE164(v.startsWith('0') && country ? `+${country}${v.slice(1)}` : v, null);
}

const maskEmail = (e: string) => e.replace(/^(.)[^@]*(@.*)$/, '$1•••$2');
const maskPhone = (p: string) => `${p.slice(0, 4)}•••${p.slice(-3)}`;

export function onboardingRoutes(app: FastifyInstance) {
  const { database, mailer } = app.ctx;

  /** the company's onboarding, or a redirect when it is past onboarding (a finished company goes to its dashboard) */
  const load = (req: FastifyRequest) => req.tenantRead((tx) => onboardingOf(tx, req.tenant!.id));
  const finished = (o: Onboarding) => o.state.status !== 'onboarding';

  const company = async (req: FastifyRequest) => {
    const [t] = await database.query<{ name: string; phone: string | null; industry: string | null; team_size: string | null }>(
      `select coalesce(settings->>'name', name) as name, settings->>'phone' as phone, settings->>'industry' as industry, settings->>'team_size' as team_size
         from tenants where id = $1`,
      [req.tenant!.id],
    );
    return t;
  };

  app.get('/onboarding', ACCESS, async (req, reply) => {
    const o = await load(req);
    if (finished(o)) return reply.inertiaRedirect('/dashboard');
    const plans = await req.tenantRead(activePlans);
    return reply.inertia('Onboarding/Index', { plans, subscription: o.state, company: await company(req) });
  });

  app.post('/get-started', ACCESS, async (req) => {
    const input = validate(getStartedSchema, req.body);
    const tenantId = req.tenant!.id;
    const o = await load(req);
    if (finished(o)) throw new HttpError(409, 'This company is set up already: change its plan under Settings → Company → Subscriptions.');
    if (input.step === 'company') {
      let phone: string | null = null;
      if (input.phone) {
        phone = e164(req, input.phone);
        if (!phone) throw fieldError('phone', 'The phone field must be a valid phone number.');
      }
      await database.query(
        `update tenants set name = $2, settings = settings || jsonb_build_object('name', $2::text, 'phone', $3::text, 'industry', $4::text, 'team_size', $5::text),
                updated_at = now() where id = $1`,
        [tenantId, input.company_name, phone, input.industry ?? null, input.team_size ?? null],
      );
      await req.tenantTx((tx) =>
        tx.execute(sql`update subscriptions set onboarding_step = 'plan', updated_at = now() where tenant_id = ${tenantId} and onboarding_step = 'company'`),
      );
      return { message: 'Company details saved.', data: { next: '/onboarding?step=plan' } };
    }
    const next = await req.tenantTx(async (tx) => {
      const plan = await planById(tx, input.plan_id);
      if (!plan || !plan.active) throw fieldError('plan_id', 'The selected plan is not offered.');
      if (input.start === 'trial' && plan.trial_days <= 0) throw fieldError('start', `The ${plan.name} plan has no free trial: pay to start it.`);
      const price = priceOf(plan, (await rows<{ currency: string }>(tx, sql`select currency from subscriptions where tenant_id = ${tenantId}`))[0]?.currency ?? 'USD', input.interval);
      await tx.execute(
        sql`update subscriptions set plan_id = ${plan.id}, interval = ${input.interval}, currency = ${price.currency},
                   onboarding_step = 'payment', updated_at = now()
             where tenant_id = ${tenantId}`,
      );
      return input.start === 'trial' ? '/onboarding/free-trial' : '/onboarding/checkout';
    });
    return { message: 'Plan chosen.', data: { next } };
  });

  /** the pages after the plan step need a plan chosen; without one they send back to the wizard */
  const withPlan = async (req: FastifyRequest, reply: FastifyReply, page: (o: Onboarding & { plan: PlanRow }) => Promise<unknown>) => {
    const o = await load(req);
    if (finished(o)) return reply.inertiaRedirect('/dashboard');
    if (!o.plan || o.state.onboarding_step !== 'payment') return reply.inertiaRedirect('/onboarding');
    return page(o as Onboarding & { plan: PlanRow });
  };

  app.get('/onboarding/free-trial', ACCESS, (req, reply) =>
    withPlan(req, reply, async (o) => {
      const t = await company(req);
      return reply.inertia('Onboarding/FreeTrial', { plan: o.plan, subscription: o.state, email: req.user!.email, phone: t.phone });
    }),
  );

  app.post('/onboarding/free-trial', ACCESS, async (req, reply) => {
    const input = validate(trialStartSchema, req.body);
    const tenantId = req.tenant!.id;
    const o = await load(req);
    if (finished(o)) throw new HttpError(409, 'This company is set up already.');
    if (!o.plan || o.state.onboarding_step !== 'payment') throw fieldError('channel', 'Choose a plan first.');
    if (o.plan.trial_days <= 0) throw fieldError('channel', `The ${o.plan.name} plan has no free trial.`);
    let to = req.user!.email;
    if (input.channel === 'sms') {
      const phone = input.phone ? e164(req, input.phone) : null;
      if (!phone) throw fieldError('phone', 'Enter a mobile number to receive the code by SMS.');
      to = phone;
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await req.tenantTx((tx) =>
      tx.execute(
        sql`update subscriptions set verify_channel = ${input.channel}, verify_to = ${to}, verify_code_hash = ${sha(`${tenantId}:${code}`)},
                   verify_expires_at = now() + make_interval(mins => ${CODE_MINUTES}), verify_attempts = 0, updated_at = now()
             where tenant_id = ${tenantId}`,
      ),
    );
    const text = `Your Kazi verification code is ${code}. It expires in ${CODE_MINUTES} minutes.`;
    if (input.channel === 'email') {
      await mailer.send({ to, subject: `Your Kazi verification code: ${code}`, text: `Hello ${req.user!.name},\n\n${text}\n\nEnter it to start the free trial of ${req.tenant!.name}.` });
    } else {
      const gateway = smsGateways(app).get(defaultSmsDriver(app));
      if (!gateway) throw new HttpError(503, 'No SMS gateway is configured: choose e-mail.');
      const [result] = await gateway.send({ tenantId: String(tenantId), to: [to], message: text });
      if (result && 'status' in result && result.status === 'refused') throw fieldError('phone', 'The SMS could not be sent to this number: check it or choose e-mail.');
    }
    return req.wantsJson ? { message: 'Code sent.' } : reply.inertiaRedirect('/onboarding/trial-verification');
  });

  app.get('/onboarding/trial-verification', ACCESS, (req, reply) =>
    withPlan(req, reply, async (o) => {
      const [v] = await req.tenantRead((tx) =>
        rows<{ channel: string | null; to: string | null }>(tx, sql`select verify_channel as channel, verify_to as to from subscriptions where tenant_id = ${req.tenant!.id}`),
      );
      if (!v?.channel || !v.to) return reply.inertiaRedirect('/onboarding/free-trial');
      return reply.inertia('Onboarding/TrialVerification', {
        plan: o.plan,
        channel: v.channel,
        sent_to: v.channel === 'email' ? maskEmail(v.to) : maskPhone(v.to),
      });
    }),
  );

  app.post('/onboarding/trial-verification', ACCESS, async (req, reply) => {
    const { code } = validate(codeSchema, req.body);
    const tenantId = req.tenant!.id;
    // the attempt is counted in its own transaction, so a wrong code (refused below) still counts
    const v = await req.tenantTx(async (tx) => {
      const [r] = await rows<{ hash: string | null; expired: boolean; attempts: number; status: string }>(
        tx,
        sql`update subscriptions set verify_attempts = verify_attempts + 1 where tenant_id = ${tenantId}
         returning verify_code_hash as hash, coalesce(verify_expires_at <= now(), true) as expired, verify_attempts as attempts, status`,
      );
      return r;
    });
    if (!v || v.status !== 'onboarding') throw new HttpError(409, 'This company is set up already.');
    if (!v.hash) throw fieldError('code', 'Ask for a code first.');
    if (v.expired) throw fieldError('code', 'This code has expired: send a new one.');
    if (v.attempts > MAX_CODE_TRIES) throw fieldError('code', 'Too many wrong codes: send a new one.');
    const given = Buffer.from(sha(`${tenantId}:${code}`));
    if (!timingSafeEqual(given, Buffer.from(v.hash))) throw fieldError('code', 'That code is not right.');
    await req.tenantTx(async (tx) => {
      await tx.execute(
        sql`update subscriptions s set status = 'trialing', onboarding_step = 'done', trial_ends_at = now() + make_interval(days => p.trial_days),
                   verify_code_hash = null, verify_expires_at = null, updated_at = now()
              from plans p where p.id = s.plan_id and s.tenant_id = ${tenantId} and s.status = 'onboarding'`,
      );
    });
    return req.wantsJson ? { message: 'Your free trial has started.' } : reply.inertiaRedirect('/onboarding/success');
  });

  app.get('/onboarding/success', ACCESS, async (req, reply) => {
    const o = await load(req);
    if (o.state.status === 'onboarding') return reply.inertiaRedirect('/onboarding');
    return reply.inertia('Onboarding/Success', { subscription: o.state });
  });

  app.get('/onboarding/checkout', ACCESS, (req, reply) =>
    withPlan(req, reply, async (o) => {
      const price = priceOf(o.plan, o.state.currency, o.state.interval);
      const start = new Date();
      return reply.inertia('Onboarding/Checkout', {
        plan: o.plan,
        subscription: o.state,
        price,
        period: { start: start.toISOString(), end: periodEnd(start, o.state.interval).toISOString() },
      });
    }),
  );

  app.post('/onboarding/checkout', ACCESS, async (req, reply) => {
    const tenantId = req.tenant!.id;
    const o = await load(req);
    if (finished(o)) throw new HttpError(409, 'This company is set up already.');
    if (!o.plan || o.state.onboarding_step !== 'payment') throw new HttpError(409, 'Choose a plan first.');
    const plan = o.plan;
    const price = priceOf(plan, o.state.currency, o.state.interval);
    const start = new Date();
    const id = await req.tenantTx((tx) =>
      openInvoice(tx, tenantId, { kind: 'signup', plan, interval: o.state.interval, ...price, periodStart: start, periodEnd: periodEnd(start, o.state.interval), userId: req.user!.id }),
    );
    return req.wantsJson ? reply.code(201).send({ message: 'Invoice ready: choose how to pay.', data: { invoice_id: id } }) : reply.inertiaRedirect(`/onboarding/payment?invoice=${id}`);
  });

  const invoicePage = (component: string) => async (req: FastifyRequest, reply: FastifyReply) => {
    const q = invoiceQuery.safeParse(req.query);
    if (!q.success) return reply.inertiaRedirect('/onboarding/checkout');
    const inv = await req.tenantRead((tx) => invoiceOf(tx, q.data.invoice));
    if (!inv) throw new HttpError(404, 'Invoice not found.');
    const state = await req.tenantRead((tx) => subscriptionState(tx, req.tenant!.id));
    return reply.inertia(component, { invoice: publicInvoice(inv), drivers: availableDrivers(app), subscription: state });
  };
  app.get('/onboarding/payment', ACCESS, invoicePage('Onboarding/Payment'));
  app.get('/onboarding/payment/processing', ACCESS, invoicePage('Onboarding/PaymentProcessing'));
  app.get('/onboarding/cancel', ACCESS, invoicePage('Onboarding/Cancel'));

  app.get('/onboarding/checkout/success', ACCESS, async (req, reply) => {
    const o = await load(req);
    if (o.state.status === 'onboarding') return reply.inertiaRedirect('/onboarding');
    return reply.inertia('Onboarding/CheckoutSuccess', { subscription: o.state });
  });
}
