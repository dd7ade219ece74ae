import { createRequire } from 'node:module';
import { escapeHtml } from '../../../common/html.js';
import { htmlToText } from '../../mail/html.js';
import { compileMessage, MessageTemplateError, messageVariables, type CompiledMessage, type RenderContact } from '../outreach/message-render.js';
import { sanitizeEmailDocument } from './sanitize.js';

export type { RenderContact } from '../outreach/message-render.js';

/** A template that cannot be saved as written: one sentence per problem, for the field that has it. */
export class EmailTemplateError extends Error {
  override name = 'EmailTemplateError';
  constructor(readonly errors: Partial<Record<'mjml' | 'subject' | 'preheader', string[]>>) {
    super(Object.values(errors).flat().join(' '));
  }
}

type Mjml2Html = (source: string, options: Record<string, unknown>) => Promise<{ html: string; errors: MjmlError[] }> | { html: string; errors: MjmlError[] };
type MjmlError = { line?: number; message?: string; formattedMessage?: string; tagName?: string };

/** mjml (with its HTML beautifier and parsers), loaded when the first template is saved, not at every start (decision 0022). */
let mjmlLoaded: Mjml2Html | undefined;
const mjml2html = () => (mjmlLoaded ??= createRequire(import.meta.url)('mjml') as Mjml2Html);

const mjmlSentence = (e: MjmlError) => {
  const where = e.line ? `Line ${e.line}` : '';
  const tag = e.tagName ? ` (${e.tagName})` : '';
  return `${where}${tag}${where || tag ? ': ' : ''}${(e.message ?? e.formattedMessage ?? 'invalid MJML').trim()}`;
};

/** The preheader as MJML's <mj-preview>, in the head (made when there is none). */
export function withPreheader(mjml: string, preheader: string | null | undefined): string {
  const source = mjml.replace(/<mj-preview\b[\s\S]*?<\/mj-preview>/g, '');
  if (!preheader) return source;
  const preview = `<mj-preview>${escapeHtml(preheader)}</mj-preview>`;
  if (/<mj-head\b[^>]*>/.test(source)) return source.replace(/<mj-head\b[^>]*>/, (head) => head + preview);
  return source.replace(/<mjml\b[^>]*>/, (root) => `${root}<mj-head>${preview}</mj-head>`);
}

export interface CompiledSource {
  /** the sanitised document that is stored and sent, Liquid variables still in it */
  html: string;
  /** its plain-text part, variables still in it */
  text: string;
  /** the contact fields the subject, preheader and body read, first appearance first */
  variables: string[];
  /** what MJML said without refusing (none at the strict level used here; kept for the answer's shape) */
  warnings: string[];
}

const check = (field: 'mjml' | 'subject' | 'preheader', text: string, customKeys: readonly string[], html: boolean) => {
  try {
    return compileMessage(text, customKeys, { html });
  } catch (err) {
    if (err instanceof MessageTemplateError) throw new EmailTemplateError({ [field]: [err.message] });
    throw err;
  }
};

/**
 * A template as saved (docs/decisions/0039): MJML compiled by the server (strict: an unknown tag
 * or attribute is refused with MJML's own words and line), no <mj-include>, the preheader put in
 * the head, the HTML sanitised, its variables checked against the company's contact fields, and
 * the plain-text part made from it. Throws EmailTemplateError (a 422 by field).
 */
export async function compileEmailSource(
  input: { subject: string; preheader?: string | null; mjml: string },
  customKeys: readonly string[],
): Promise<CompiledSource> {
  if (!/^\s*<mjml[\s>]/.test(input.mjml)) throw new EmailTemplateError({ mjml: ['The template must be MJML: it starts with <mjml>.'] });
  check('subject', input.subject, customKeys, false);
  if (input.preheader) check('preheader', input.preheader, customKeys, true);

  let compiled: { html: string; errors: MjmlError[] };
  try {
    compiled = await mjml2html()(withPreheader(input.mjml, input.preheader), { validationLevel: 'strict', ignoreIncludes: true, keepComments: false });
  } catch (err) {
    const errors = (err as { errors?: MjmlError[] }).errors;
    const sentences = errors?.length ? errors.slice(0, 10).map(mjmlSentence) : [`The MJML could not be read: ${(err as Error).message.replace(/^ValidationError:\s*/, '').trim()}`];
    throw new EmailTemplateError({ mjml: sentences });
  }

  const clean = sanitizeEmailDocument(compiled.html);
  if (clean.addressesStartingWithVariables.length) {
    throw new EmailTemplateError({
      mjml: [`A link or image address cannot start with a variable (${clean.addressesStartingWithVariables[0]}): start it with https:// and put the variable after.`],
    });
  }
  if (clean.variablesInStyles) throw new EmailTemplateError({ mjml: ['Variables cannot be used inside a style sheet (mj-style).'] });

  const body = check('mjml', clean.html, customKeys, true);
  const text = htmlToText(clean.html);
  check('mjml', text, customKeys, false);
  const variables = [...new Set([...messageVariables(input.subject), ...body.variables])];
  return { html: clean.html, text, variables, warnings: compiled.errors.map(mjmlSentence) };
}

/** The variables a stored template reads, for showing (no check against the company's fields). */
export const emailTemplateVariables = (t: { subject: string; html: string }) => [...new Set([...messageVariables(t.subject), ...messageVariables(t.html)])];

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/**
 * A stored template made ready for a send (for the sending code of the `email` module): parsed
 * once, then `render(contact)` per recipient is a synchronous Liquid rendering of three parsed
 * templates — values HTML-escaped in the HTML, plain in the text and the subject (one line).
 * Throws EmailTemplateError when the template no longer fits the company's fields (a field
 * deleted since it was saved).
 */
export function compileEmailTemplate(template: { subject: string; html: string; text: string }, customKeys: readonly string[]): (contact: RenderContact) => RenderedEmail {
  const subject: CompiledMessage = check('subject', template.subject, customKeys, false);
  const html = check('mjml', template.html, customKeys, true);
  const text = check('mjml', template.text, customKeys, false);
  return (contact) => {
    try {
      return { subject: subject.render(contact).replace(/[\r\n]+/g, ' ').trim(), html: html.render(contact), text: text.render(contact) };
    } catch (err) {
      if (err instanceof MessageTemplateError) throw new EmailTemplateError({ mjml: [err.message] });
      throw err;
    }
  };
}
