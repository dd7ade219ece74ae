import { defineModule } from '../kazi-module.js';
import { seedDemoEmailTemplates } from './demo.js';
import { emailTemplateRoutes } from './templates.js';

/**
 * E-mail templates (SPEC §2 Email Templates, §7; issue 17; decision 0039): the visual editor's
 * templates compiled from MJML, and `compileEmailTemplate` (render.ts), which the `email` module's
 * sends use to render each recipient's message.
 */
export const emailTemplatesModule = defineModule({
  name: 'email-templates',
  plugin: emailTemplateRoutes,
  seedDemo: seedDemoEmailTemplates,
});
