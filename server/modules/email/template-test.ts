import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { emailTemplateTestSchema } from '../../../common/schemas/email-template-test.js';
import { fieldError, forbidden, HttpError, notFound, ValidationError } from '../../http/errors.js';
import { validate } from '../../http/validate.js';
import { compileEmailTemplate, EmailTemplateError } from '../email-templates/render.js';
import { emailTemplates as t } from '../email-templates/schema.js';
import { loadContactFields } from '../outreach/fields.js';
import { contactToRender, sampleContact } from '../outreach/message-contacts.js';
import { emailDriverFor, emailSenderFor, providerFailure } from './settings.js';

/**
 * A test send of a saved template (issue 17; decision 0039): rendered for a chosen contact or the
 * sample contact by the same renderer as a send (values HTML-escaped), its subject marked
 * "[Test]", sent to one address through the company's own driver (Mailgun or SMTP). Not a send
 * of the delivery engine: no recipient row, no credits, no unsubscribe footer.
 */
export function emailTemplateTestRoutes(app: FastifyInstance) {
  app.post('/email/templates/:id/send-test', { config: { access: 'email.send' } }, async (req) => {
    const raw = (req.params as { id?: string }).id ?? '';
    if (!/^[1-9]\d{0,15}$/.test(raw)) throw notFound('Email template');
    const id = Number(raw);
    const input = validate(emailTemplateTestSchema, req.body);
    if (input.contact_id && !req.permissions.has('contacts.view')) throw forbidden();
    const tenantId = req.tenant!.id;

    const { message, driver } = await req.tenantTx(async (tx) => {
      const [template] = await tx.select({ subject: t.subject, html: t.html, text: t.text }).from(t).where(and(eq(t.tenantId, tenantId), eq(t.id, id))).limit(1);
      if (!template) throw notFound('Email template');
      const fields = await loadContactFields(tx, tenantId);
      const contact = input.contact_id ? await contactToRender(tx, tenantId, input.contact_id) : sampleContact(fields);
      let rendered;
      try {
        rendered = compileEmailTemplate(template, fields.map((f) => f.key))(contact);
      } catch (err) {
        if (err instanceof EmailTemplateError) throw new ValidationError(err.errors as Record<string, string[]>);
        throw err;
      }
      const sender = await emailSenderFor(tx, tenantId, req.tenant!.name ?? null);
      return {
        message: { tenantId, to: input.email, from: sender.from, replyTo: sender.replyTo, subject: `[Test] ${rendered.subject}`, html: rendered.html, text: rendered.text, headers: {}, reference: `template-test-${id}`, tags: ['test'] },
        driver: await emailDriverFor(app.ctx.config, tx, tenantId),
      };
    });

    let result;
    try {
      [result] = await driver.send([message]);
    } catch (err) {
      providerFailure(err, 'The test email could not be sent');
    }
    if (result.outcome === 'refused') throw fieldError('email', result.reason);
    if (result.outcome === 'unknown') throw new HttpError(502, `The test email may not have been sent: ${result.reason}`);
    return { message: 'Send Successfully', data: { message_id: result.messageId } };
  });
}
