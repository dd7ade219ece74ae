import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { HOME, NEW_ACCOUNT } from '../../plugins/auth.js';
import { rows } from '../../db/client.js';
import { todayIn } from '../../../common/reports/periods.js';
import { financeWidgets } from '../reports/widgets.js';

export async function dashboardRoutes(app: FastifyInstance) {
  app.get('/', { config: { access: 'public' } }, (req, reply) =>
    req.user ? reply.redirect(HOME) : reply.inertia('Home', {}),
  );

  // legal pages are public; the company is named when a signed-in member reads them
  const LEGAL_UPDATED = '2026-11-22';
  app.get('/privacy-policy', { config: { access: 'public' } }, (req, reply) =>
    reply.inertia('PrivacyPolicy', { company: req.tenant?.name ?? null, updated_at: LEGAL_UPDATED }),
  );
  app.get('/terms-and-conditions', { config: { access: 'public' } }, (req, reply) =>
    reply.inertia('TermsAndConditions', { company: req.tenant?.name ?? null, updated_at: LEGAL_UPDATED }),
  );

  app.get('/dashboard', { config: { access: 'dashboard.view' } }, async (req, reply) => {
    const figures = await req.tenantTx(async (tx) => {
      // one round trip for the four counters
      const [stats] = await rows<{ customers: number; vendors: number; taxes: number; users: number }>(
        tx,
        sql`
          select (select count(*) from contacts where type = 'customer')::int as customers,
                 (select count(*) from contacts where type = 'vendor')::int as vendors,
                 (select count(*) from taxes)::int as taxes,
                 (select count(*) from memberships where status = 'active')::int as users`,
      );
      const recent = await rows(
        tx,
        sql`
          select id, name, email, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at
            from contacts where type = 'customer' order by created_at desc, id desc limit 5`,
      );
      const byMonth = await rows(
        tx,
        sql`
          select to_char(m, 'YYYY-MM') as month,
                 (select count(*) from contacts c where c.type = 'customer'
                    and c.created_at >= m and c.created_at < m + interval '1 month')::int as count
            from generate_series(date_trunc('month', now()) - interval '5 months', date_trunc('month', now()), interval '1 month') m
           order by m`,
      );
      const finance = await financeWidgets(tx, req.tenant!.id, (p) => req.permissions.has(p), todayIn(req.tenant!.timezone || 'UTC'));
      return { stats, recent, byMonth, finance };
    });
    return reply.inertia('Dashboard', {
      stats: figures.stats,
      recentCustomers: figures.recent,
      customersByMonth: figures.byMonth,
      finance: figures.finance,
      // "Welcome" in the session that made the account, "Welcome back" on every later sign-in
      first_visit: req.session.get(NEW_ACCOUNT) === true,
    });
  });
}
