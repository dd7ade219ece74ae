import type { FastifyInstance } from 'fastify';
import { categoryResource } from './categories.js';
import { currencyRoutes } from './currencies.js';
import { accountingSettingsPages } from './pages.js';
import { paymentMethodResource } from './payment-methods.js';
import { sectionRoutes } from './sections.js';
import { taxResource } from './taxes.js';

/** Settings/Accounting/*: taxes, currencies, categories, payment methods, the settings sections and their pages. */
export async function accountingSettingsRoutes(app: FastifyInstance) {
  taxResource.routes(app);
  currencyRoutes(app);
  categoryResource.routes(app);
  paymentMethodResource.routes(app);
  sectionRoutes(app);
  await accountingSettingsPages(app);
}
