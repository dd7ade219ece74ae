import type { FastifyInstance } from 'fastify';
import { taxResource } from './taxes.js';

/** Settings/Accounting/*: taxes, currencies, categories, payment methods and the settings sections. */
export async function accountingSettingsRoutes(app: FastifyInstance) {
  taxResource.routes(app);
}
