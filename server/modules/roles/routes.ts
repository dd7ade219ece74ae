import type { FastifyInstance } from 'fastify';
import { PERMISSIONS } from '../../../common/permissions.js';

export async function rolesRoutes(app: FastifyInstance) {
  app.get('/roles/active-permissions', { config: { access: 'authenticated' } }, async (req) => ({
    // registry order, so the answer is stable
    permissions: PERMISSIONS.filter((p) => req.permissions.has(p)),
  }));
}
