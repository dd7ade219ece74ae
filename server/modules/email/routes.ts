import type { FastifyInstance } from 'fastify';
import { emailDomainRoutes } from './domains.js';
import { emailSendRoutes } from './send-routes.js';
import { closeEmailDrivers, emailSettingsRoutes } from './settings.js';
import { emailTemplateTestRoutes } from './template-test.js';

/** Email (issue 17): the settings and the sending domains (settings.ts, domains.ts); sends, templates and webhooks register here too. */
export async function emailRoutes(app: FastifyInstance) {
  app.addHook('onClose', async () => closeEmailDrivers(app.ctx.config));
  emailSettingsRoutes(app);
  emailDomainRoutes(app);
  await emailSendRoutes(app);
  emailTemplateTestRoutes(app);
}
