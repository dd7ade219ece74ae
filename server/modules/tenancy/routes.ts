import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { withUser } from '../../db/tenancy.js';
import { notFound } from '../../http/errors.js';
import { HOME } from '../../plugins/auth.js';
import { tenantsOfUser } from './service.js';

const idParam = z.object({ id: z.string().regex(/^[1-9]\d{0,15}$/) });

export async function tenancyRoutes(app: FastifyInstance) {
  const { database } = app.ctx;

  // Read by every page at start-up for titles and logos, so any member may read it.
  app.get('/settings/company/json', { config: { access: 'authenticated' } }, async (req) => {
    const t = req.tenant;
    if (!t) throw notFound('Company');
    return {
      data: {
        value: { name: t.name, timezone: t.timezone },
        logo_light: t.logo_light,
        logo_dark: t.logo_dark,
      },
    };
  });

  // The tenant switcher: only to a tenant the user is an active member of (404 otherwise).
  app.post('/tenants/switch/:id', { config: { access: 'authenticated' } }, async (req, reply) => {
    const p = idParam.safeParse(req.params);
    if (!p.success) throw notFound('Company');
    const id = Number(p.data.id);
    const mine = await withUser(database, req.user!.id, (tx) => tenantsOfUser(tx, req.user!.id));
    const target = mine.find((t) => t.id === id);
    if (!target) throw notFound('Company');
    req.session.tenantId = id;
    req.session.dirty = true;
    if (req.wantsJson) return reply.send({ message: `Switched to ${target.name}.` });
    req.session.flash('success', `Switched to ${target.name}.`);
    return reply.inertiaRedirect(HOME);
  });
}
