import { defineModule } from '../kazi-module.js';
import { quoteRoutes } from './routes.js';

/** The public quote request form (SPEC §2 Quotes request): a visitor's request becomes a draft estimate. */
export const quotesModule = defineModule({ name: 'quotes', plugin: quoteRoutes });
