import type { FastifyInstance } from 'fastify';
import { defineModule } from '../kazi-module.js';
import { userPages } from './pages.js';
import { usersRoutes } from './routes.js';

async function usersPlugin(app: FastifyInstance) {
  await app.register(usersRoutes);
  await app.register(userPages);
}

export const usersModule = defineModule({ name: 'users', plugin: usersPlugin });
