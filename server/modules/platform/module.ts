import type { FastifyInstance } from 'fastify';
import { defineModule } from '../kazi-module.js';
import { operatorOnly } from './operators.js';

/** The platform operator's area (docs/decisions/0031): /operator opens its first page. */
async function platformRoutes(app: FastifyInstance) {
  app.get('/operator', operatorOnly, (_req, reply) => reply.redirect('/operator/payments'));
}

export const platformModule = defineModule({ name: 'platform', plugin: platformRoutes });
