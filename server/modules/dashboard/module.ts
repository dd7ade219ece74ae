import { defineModule } from '../kazi-module.js';
import type { FastifyInstance } from 'fastify';
import { dashboardRoutes } from './routes.js';
import { faviconRoutes } from './favicon.js';
import { searchRoutes } from './search-route.js';

async function dashboardPlugin(app: FastifyInstance) {
  await app.register(dashboardRoutes);
  await app.register(searchRoutes);
  await app.register(faviconRoutes);
}

export const dashboardModule = defineModule({ name: 'dashboard', plugin: dashboardPlugin });
