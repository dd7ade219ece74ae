import type { FastifyInstance } from 'fastify';
import { notFound } from '../../http/errors.js';

export async function tenancyRoutes(app: FastifyInstance) {
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
}
