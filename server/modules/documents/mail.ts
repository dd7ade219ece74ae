import { createHmac, timingSafeEqual } from 'node:crypto';
import { formatDate, formatMoney } from '../../../common/format.js';
import type { EmailTemplateKey } from '../../../common/schemas/accounting-email-templates.js';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/client.js';
import type { OutgoingMail } from '../../mail/mailer.js';
import { accountingSetting } from '../accounting-settings/service.js';
import { sanitizeEmailHtml } from '../accounting-settings/email-html.js';
import { escapeHtml } from '../../../common/html.js';
import { htmlToText } from '../../mail/html.js';
import type { DocumentOutput } from './pdf.js';
import { estimatePublicUrl } from './public.js';

/**
 * The e-mails of sales and purchase documents (docs/decisions/0013): the company's accounting
 * e-mail templates with their {variables} filled in — every value HTML-escaped in the body —
 * and the document's PDF attached.
 */

/** Replaces each known {variable}; the body gets HTML-escaped values, the subject plain ones on one line. */
export function fillTemplate(template: { subject: string; body: string }, vars: Record<string, string>) {
  const fill = (text: string, escape: boolean) =>
    text.replace(/\{([a-z_]+)\}/g, (whole, name: string) => {
      const v = vars[name];
      if (v === undefined) return whole;
      return escape ? escapeHtml(v) : v;
    });
  return { subject: fill(template.subject, false).replace(/[\r\n]+/g, ' ').trim(), html: fill(template.body, true) };
}

// ------------------------------------------------------------------ guest link of the PDF

/**
 * `{invoice_guest_link}`: the customer has no account, so the link is a signed download of the
 * document's PDF, `/documents/pdf/<tenant>-<document>-<HMAC-SHA256 under APP_KEY>` — it cannot be
 * guessed or altered to reach another document or company, and keeps working while the
 * document exists.
 */
const sign = (key: string, tenantId: number, id: number) => createHmac('sha256', key).update(`document-pdf|${tenantId}|${id}`).digest('base64url');

export function documentPdfUrl(config: Pick<Config, 'appUrl' | 'appKey'>, tenantId: number, id: number): string {
  return `${config.appUrl}/documents/pdf/${tenantId}-${id}-${sign(config.appKey, tenantId, id)}`;
}

const TOKEN = /^([1-9]\d{0,15})-([1-9]\d{0,15})-([A-Za-z0-9_-]{43})$/;
export function readDocumentPdfToken(key: string, token: string): { tenantId: number; id: number } | null {
  const m = TOKEN.exec(token);
  if (!m) return null;
  const tenantId = Number(m[1]);
  const id = Number(m[2]);
  if (!Number.isSafeInteger(tenantId) || !Number.isSafeInteger(id)) return null;
  const expected = Buffer.from(sign(key, tenantId, id));
  const given = Buffer.from(m[3]);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { tenantId, id } : null;
}

// ------------------------------------------------------------------ templates and variables

/** The Show page of a document in the app, for the company's own people. */
export function documentAdminUrl(config: Pick<Config, 'appUrl'>, doc: Pick<DocumentOutput, 'type' | 'id'>): string {
  const path = { invoice: 'sales/invoices', estimate: 'sales/estimates', bill: 'purchases/bills' }[doc.type];
  return `${config.appUrl}/${path}/${doc.id}`;
}

/**
 * Estimates have no template of their own among the company's e-mail templates (SPEC lists four,
 * all about invoices and bills): they go out with this fixed text, the estimate attached.
 */
export const ESTIMATE_TEMPLATE = {
  subject: 'Estimate {estimate_number} from {company_name}',
  body: [
    '<p>Dear {customer_name},</p>',
    '<p>Please find attached our estimate <strong>{estimate_number}</strong> for a total of {estimate_total}, valid until {estimate_expiry_date}.</p>',
    '<p>You can see it and approve it here: <a href="{estimate_link}">{estimate_number}</a>.</p>',
    '<p>Feel free to contact us with any question.</p>',
    '<p>Best regards,<br>{company_name}</p>',
  ].join('\n'),
};

export function documentVariables(doc: DocumentOutput, config: Pick<Config, 'appUrl' | 'appKey'>): Record<string, string> {
  const money = (v: string) => formatMoney(v, doc.currency);
  const due = formatDate(doc.due_at, doc.date_format);
  const company = {
    company_name: doc.company.name,
    company_email: doc.company.email ?? '',
    company_phone: doc.company.phone ?? '',
    company_address: doc.company.address.join(', '),
  };
  if (doc.type === 'bill') {
    return {
      ...company,
      bill_number: doc.document_number,
      bill_total: money(doc.total),
      bill_amount_due: money(doc.amount_due),
      bill_due_date: due,
      bill_admin_link: documentAdminUrl(config, doc),
      vendor_name: doc.contact.name,
    };
  }
  if (doc.type === 'estimate') {
    return {
      ...company,
      estimate_number: doc.document_number,
      estimate_total: money(doc.total),
      estimate_expiry_date: due,
      estimate_link: estimatePublicUrl(config, doc.tenant_id, doc.id),
      customer_name: doc.contact.name,
    };
  }
  return {
    ...company,
    invoice_number: doc.document_number,
    invoice_total: money(doc.total),
    invoice_amount_due: money(doc.amount_due),
    invoice_due_date: due,
    invoice_guest_link: documentPdfUrl(config, doc.tenant_id, doc.id),
    customer_name: doc.contact.name,
  };
}

export type DocumentMailKind = 'new' | 'remind';

/** Which template a document's mail uses: invoice_new / invoice_remind_customer / bill_remind_admin, or the fixed estimate text. */
export function templateKey(doc: Pick<DocumentOutput, 'type'>, kind: DocumentMailKind): EmailTemplateKey | null {
  if (doc.type === 'estimate') return null;
  if (doc.type === 'bill') return 'bill_remind_admin';
  return kind === 'remind' ? 'invoice_remind_customer' : 'invoice_new';
}

export interface MailOverride {
  to?: string | null;
  subject?: string | null;
  body?: string | null;
}

/**
 * The message for a document: the template (or the user's own subject and body, whose
 * {variables} are filled the same way), the PDF attached as <number>.pdf, replies to the company.
 */
export async function buildDocumentMail(
  tx: Tx,
  doc: DocumentOutput,
  pdf: Buffer,
  opts: { to: string; kind: DocumentMailKind; config: Pick<Config, 'appUrl' | 'appKey'>; override?: MailOverride },
): Promise<OutgoingMail> {
  const key = templateKey(doc, opts.kind);
  const base = key ? (await accountingSetting(tx, doc.tenant_id, 'email_templates'))[key] : ESTIMATE_TEMPLATE;
  const template = { subject: opts.override?.subject || base.subject, body: opts.override?.body ? sanitizeEmailHtml(opts.override.body) : base.body };
  const { subject, html } = fillTemplate(template, documentVariables(doc, opts.config));
  return {
    to: opts.to,
    subject,
    html: brandedMailHtml(html, doc.theme),
    text: htmlToText(html),
    ...(doc.company.email ? { replyTo: doc.company.email } : {}),
    attachments: [{ filename: pdfFileName(doc.document_number), contentType: 'application/pdf', content: pdf.toString('base64'), encoding: 'base64' }],
  };
}

/**
 * The company's brand on its mail (Settings/Company/Theme, decision 0047): a band of its colour
 * above the body, as its PDFs and public pages carry it. The colour is one themeOf() made, a
 * checked #RRGGBB, so it is safe in the style attribute.
 */
export function brandedMailHtml(html: string, theme: DocumentOutput['theme']): string {
  if (!theme || !/^#[0-9a-fA-F]{6}$/.test(theme.primary)) return html;
  return `<div style="border-top:6px solid ${theme.primary};padding-top:16px">${html}</div>`;
}

/** "INV-00042.pdf": the number, with anything a file name should not hold replaced. */
export function pdfFileName(number: string): string {
  const safe = number.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^[-.]+|-+$/g, '');
  return `${safe || 'document'}.pdf`;
}
