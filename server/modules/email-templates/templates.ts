import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { EmailTemplateFull, EmailTemplatePreview, EmailTemplateRow } from '../../../common/answers/email-templates.js';
import { emailTemplatePreviewSchema, emailTemplateSchema } from '../../../common/schemas/email-templates.js';
import { isoTimestamp as ts } from '../../db/sql.js';
import { answerFields } from '../../http/answer-fields.js';
import { forbidden, notFound, ValidationError } from '../../http/errors.js';
import { defineResource } from '../../http/resource.js';
import { validate } from '../../http/validate.js';
import { loadContactFields } from '../outreach/fields.js';
import { contactToRender, sampleContact } from '../outreach/message-contacts.js';
import { editorConfig, requireEditorToken } from './editor.js';
import { compileEmailSource, compileEmailTemplate, EmailTemplateError } from './render.js';
import { emailTemplates as t } from './schema.js';

/** A template's refusal, field by field, as the 422 of the route that met it. */
async function orUnprocessable<T>(work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof EmailTemplateError) throw new ValidationError(err.errors as Record<string, string[]>);
    throw err;
  }
}

/**
 * E-mail templates (SPEC §7 Email templates; decision 0039). A save compiles the MJML on the
 * server (invalid MJML is a 422 with MJML's words), sanitises the HTML, checks its variables
 * against the company's contact fields and keeps the HTML and its text part beside the editor's
 * design. Answers carry what a template says, not its large design and HTML (the Edit page reads
 * those, templateFull below).
 */
export const emailTemplateResource = defineResource({
  label: 'Email template',
  singular: 'template',
  base: '/email/templates',
  table: t,
  fields: answerFields<EmailTemplateRow>()({
    id: t.id,
    name: t.name,
    subject: t.subject,
    preheader: t.preheader,
    variables: t.variables,
    created_at: ts(t.createdAt),
    updated_at: ts(t.updatedAt),
  }),
  // written, not answered
  columns: { created_at: t.createdAt, updated_at: t.updatedAt, variables: t.variables, mjml: t.mjml, design: t.design, html: t.html, text: t.text, created_by: t.createdBy },
  create: emailTemplateSchema,
  searchable: ['name', 'subject'],
  sortable: ['name', 'updated_at'],
  defaultSort: ['updated_at', 'desc'],
  export: false,
  access: { view: 'email_templates.view', create: 'email_templates.create', update: 'email_templates.update', delete: 'email_templates.delete' },
  unique: [{ constraint: 'email_templates_name_unique', field: 'name', message: 'A template with this name already exists.' }],
  beforeWrite: async (tx, req, input, current) => {
    const touchesContent = ['mjml', 'subject', 'preheader'].some((f) => input[f] !== undefined);
    let derived: Record<string, unknown> = {};
    if (touchesContent) {
      const stored = current ? (await tx.select({ subject: t.subject, preheader: t.preheader, mjml: t.mjml }).from(t).where(and(eq(t.tenantId, req.tenant!.id), eq(t.id, current.id as number))))[0] : undefined;
      const source = {
        subject: (input.subject as string | undefined) ?? stored!.subject,
        preheader: input.preheader !== undefined ? (input.preheader as string | null) : (stored?.preheader ?? null),
        mjml: (input.mjml as string | undefined) ?? stored!.mjml,
      };
      const fields = await loadContactFields(tx, req.tenant!.id);
      const compiled = await orUnprocessable(() => compileEmailSource(source, fields.map((f) => f.key)));
      derived = { html: compiled.html, text: compiled.text, variables: compiled.variables };
    }
    return current ? derived : { ...derived, created_by: req.user!.id };
  },
});

/** The whole template for its editor; another company's id is a 404. */
export async function templateFull(req: import('fastify').FastifyRequest, id: number): Promise<EmailTemplateFull> {
  const [row] = await req.tenantRead((tx) =>
    tx
      .select({ id: t.id, name: t.name, subject: t.subject, preheader: t.preheader, variables: t.variables, mjml: t.mjml, design: t.design, html: t.html, text: t.text, created_at: ts(t.createdAt), updated_at: ts(t.updatedAt) })
      .from(t)
      .where(and(eq(t.tenantId, req.tenant!.id), eq(t.id, id)))
      .limit(1),
  );
  if (!row) throw notFound('Email template');
  return { ...row, design: row.design ?? null };
}

/** The templates' endpoints, the editor's hand-shake, the preview and the pages (PAGES.md Email/Templates/*). */
export async function emailTemplateRoutes(app: FastifyInstance) {
  emailTemplateResource.routes(app);
  const config = app.ctx.config;

  // the spec's hosted-editor hand-shake, answering our editor's configuration (decision 0039)
  const handshake = async (req: import('fastify').FastifyRequest) => {
    const fields = await req.tenantRead((tx) => loadContactFields(tx, req.tenant!.id));
    return { data: editorConfig(config, req, fields) };
  };
  app.post('/email/templates/token', { config: { access: 'email_templates.view' } }, handshake);
  app.get('/email/beefree/uid', { config: { access: 'email_templates.view' } }, handshake);

  // a template, saved or being edited, as one contact (or the sample contact) gets it
  app.post('/email/templates/preview', { config: { access: 'email_templates.view' } }, async (req) => {
    requireEditorToken(config, req);
    const input = validate(emailTemplatePreviewSchema, req.body);
    // a contact's rendering shows their details: only to someone who may see contacts
    if (input.contact_id && !req.permissions.has('contacts.view')) throw forbidden();
    const tenantId = req.tenant!.id;
    const { fields, contact } = await req.tenantTx(async (tx) => {
      const fields = await loadContactFields(tx, tenantId);
      return { fields, contact: input.contact_id ? await contactToRender(tx, tenantId, input.contact_id) : sampleContact(fields) };
    });
    const keys = fields.map((f) => f.key);
    const data: EmailTemplatePreview = await orUnprocessable(async () => {
      const source = await compileEmailSource({ subject: input.subject || ' ', preheader: input.preheader, mjml: input.mjml }, keys);
      const rendered = compileEmailTemplate({ subject: input.subject, html: source.html, text: source.text }, keys)(contact);
      return { ...rendered, variables: source.variables, warnings: source.warnings };
    });
    return { data };
  });

  app.get('/email/templates', { config: { access: 'email_templates.view' } }, (_req, reply) => reply.inertia('Email/Templates/Index', {}));
  app.get('/email/templates/create', { config: { access: 'email_templates.create' } }, (_req, reply) => reply.inertia('Email/Templates/Create', {}));
  app.get('/email/templates/:id/edit', { config: { access: 'email_templates.update' } }, async (req, reply) => {
    const raw = (req.params as { id?: string }).id ?? '';
    if (!/^[1-9]\d{0,15}$/.test(raw)) throw notFound('Email template');
    return reply.inertia('Email/Templates/Edit', { template: await templateFull(req, Number(raw)) });
  });
}
