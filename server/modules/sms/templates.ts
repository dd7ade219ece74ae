import type { FastifyInstance } from 'fastify';
import type { SmsTemplatePreview, SmsTemplateRow } from '../../../common/answers/sms.js';
import { smsTemplatePreviewSchema, smsTemplateSchema } from '../../../common/schemas/sms-templates.js';
import { messageParts, templateTextParts } from '../../../common/sms-parts.js';
import { isoTimestamp as ts } from '../../db/sql.js';
import { answerFields } from '../../http/answer-fields.js';
import { fieldError, forbidden } from '../../http/errors.js';
import { defineResource } from '../../http/resource.js';
import { validate } from '../../http/validate.js';
import { loadContactFields, type ContactFieldDef } from '../outreach/fields.js';
import { contactToRender, sampleContact } from '../outreach/message-contacts.js';
import { compileMessage, MessageTemplateError, messageVariables, type CompiledMessage } from '../outreach/message-render.js';
import { smsTemplates as t } from './schema.js';

/** A text checked against the company's contact fields; its refusal is the body's 422, in the words of render.ts. */
function compileBody(body: string, fields: readonly ContactFieldDef[]): CompiledMessage {
  try {
    return compileMessage(
      body,
      fields.map((f) => f.key),
    );
  } catch (err) {
    if (err instanceof MessageTemplateError) throw fieldError('body', err.message);
    throw err;
  }
}

/**
 * SMS templates (SPEC §2 SMS templates; issue 16): reusable texts with Liquid variables. A save
 * checks the text renders (known contact fields only, no syntax error); each answer carries the
 * variables it uses and how its fixed text goes out (encoding, parts; templateTextParts: the
 * variables left out, each recipient's values add to it). A personalised text's parts per
 * recipient are counted when it is sent, and in the preview.
 */
export const smsTemplateResource = defineResource({
  label: 'SMS template',
  singular: 'template',
  base: '/sms/templates',
  table: t,
  fields: answerFields<SmsTemplateRow, 'variables' | 'encoding' | 'parts'>()({
    id: t.id,
    name: t.name,
    body: t.body,
    created_at: ts(t.createdAt),
    updated_at: ts(t.updatedAt),
  }),
  columns: { created_at: t.createdAt, updated_at: t.updatedAt, created_by: t.createdBy },
  create: smsTemplateSchema,
  searchable: ['name', 'body'],
  sortable: ['name', 'updated_at'],
  defaultSort: ['updated_at', 'desc'],
  export: false,
  access: { view: 'sms.view', create: 'sms.create', update: 'sms.update', delete: 'sms.delete' },
  unique: [{ constraint: 'sms_templates_name_unique', field: 'name', message: 'A template with this name already exists.' }],
  beforeWrite: async (tx, req, input, current) => {
    if (typeof input.body === 'string') compileBody(input.body, await loadContactFields(tx, req.tenant!.id));
    if (!current) return { created_by: req.user!.id };
  },
  // computed from the text, no query: the variables it names and the parts of its fixed text
  attach: async (_tx, _req, rows) => {
    for (const row of rows) {
      const body = row.body as string;
      const parts = templateTextParts(body);
      Object.assign(row, { variables: messageVariables(body), encoding: parts.encoding, parts: parts.parts });
    }
  },
});

/** The templates' JSON endpoints, the preview and the page (PAGES.md Sms/Templates). */
export async function smsTemplateRoutes(app: FastifyInstance) {
  smsTemplateResource.routes(app);

  // a text, saved or being typed, as one contact (or the sample contact) would get it
  app.post('/sms/templates/preview', { config: { access: 'sms.view' } }, async (req) => {
    const input = validate(smsTemplatePreviewSchema, req.body);
    // a contact's rendering shows their details: only to someone who may see contacts
    if (input.contact_id && !req.permissions.has('contacts.view')) throw forbidden();
    const tenantId = req.tenant!.id;
    const { message, contact } = await req.tenantTx(async (tx) => {
      const fields = await loadContactFields(tx, tenantId);
      const compiled = compileBody(input.body, fields);
      return { message: compiled, contact: input.contact_id ? await contactToRender(tx, tenantId, input.contact_id) : sampleContact(fields) };
    });
    let rendered: string;
    try {
      rendered = message.render(contact);
    } catch (err) {
      if (err instanceof MessageTemplateError) throw fieldError('body', err.message);
      throw err;
    }
    const p = messageParts(rendered);
    const data: SmsTemplatePreview = {
      rendered,
      encoding: p.encoding,
      parts: p.parts,
      length: p.units,
      per_part: p.perPart,
      remaining: p.remaining,
      ucs2_characters: p.unicodeCharacters,
      extension_characters: p.extensionCharacters,
      variables: message.variables,
      personalised: message.personalised,
    };
    return { data };
  });

  // the page: the list and its dialogs read the JSON endpoints; the company's fields are its options
  app.get('/sms/templates', { config: { access: 'sms.view' } }, async (req, reply) => {
    const fields = await req.tenantRead((tx) => loadContactFields(tx, req.tenant!.id));
    return reply.inertia('Sms/Templates', { contact_fields: fields.map((f) => ({ key: f.key, label: f.label })) });
  });
}
