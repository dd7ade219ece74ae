import type { FastifyInstance } from 'fastify';
import { contactResource, taxResource } from './resources.js';

export async function accountingRoutes(app: FastifyInstance) {
  contactResource.routes(app);
  taxResource.routes(app);
}
