import { Liquid, type Template } from 'liquidjs';

/** What a message can say about its recipient: the contact's fields, as the template sees them. */
export type RenderContact = { first_name: string | null; last_name: string | null; phone: string | null; email: string | null; custom: Record<string, unknown> };

/** The contact fields every company has; the company's own fields are `custom.<key>`. */
export const MESSAGE_VARIABLES = ['first_name', 'last_name', 'name', 'phone', 'email'] as const;

export interface CompiledMessage {
  /** true when the text differs from one recipient to another */
  personalised: boolean;
  /** the contact fields the text uses, in the order they first appear: "first_name", "custom.region" */
  variables: string[];
  /** `extra`: the values of the format's own variables (MessageFormat.variables) for this recipient */
  render(contact: RenderContact, extra?: Record<string, unknown>): string;
}

/** A message that cannot be sent as written; the message is a sentence for the person who wrote it. */
export class MessageTemplateError extends Error {
  override name = 'MessageTemplateError';
}

const STANDARD = new Set<string>(MESSAGE_VARIABLES);

/**
 * One engine for every message: parsed once, rendered synchronously. Templates are text the
 * company writes, so nothing reaches outside them: no file system (`include`, `render` and
 * `layout` are removed, and the lookup has no files), no prototype properties, unknown filters
 * refused when the text is saved, and bounded work per rendering (a range or a string built beyond
 * 10,000 items stops with an error instead of holding the send).
 */
const OPTIONS = { templates: {}, strictFilters: true, ownPropertyOnly: true, jsTruthy: false, parseLimit: 20_000, memoryLimit: 10_000 } as const;
const plainEngine = new Liquid(OPTIONS);
/**
 * The same engine for HTML (email bodies): every output is HTML-escaped (`outputEscape`), so a
 * contact whose first name is `<script>` gets `&lt;script&gt;`; the `raw` filter, which would
 * skip the escaping, does not exist here (strictFilters refuses it when the template is saved).
 */
const htmlEngine = new Liquid({ ...OPTIONS, outputEscape: 'escape' });
delete htmlEngine.filters.raw;
for (const e of [plainEngine, htmlEngine]) for (const tag of ['include', 'render', 'layout', 'block']) delete e.tags[tag];
// {% raw %} writes its text as it is, unescaped and unchecked by the HTML's sanitiser: not in HTML
delete htmlEngine.tags.raw;

/** What a text is: plain (SMS, a subject line, an email's text part) or HTML, whose variable values are escaped. */
export interface MessageFormat {
  html?: boolean;
  /**
   * variables beside the contact's that this kind of message offers (an RSVP invitation's
   * {{ rsvp_link }}, {{ event_name }}…): known to the check, given to render() per recipient
   */
  variables?: readonly string[];
}

/** `{{` or `{%` anywhere: without them the text is sent as it is, with no Liquid at all */
const LIQUID_MARKUP = /\{\{|\{%/;

/** The variable a reference names, as the author wrote it: "first_name", "custom.region", "custom" alone. */
function variableName(segments: unknown[]): string {
  const [head, key] = segments;
  if (head === 'custom' && typeof key === 'string') return `custom.${key}`;
  return String(head);
}

/** Every variable the template reads from outside (not its own assign/for/capture names), first appearance first. */
function referencedVariables(template: Template[]): { names: string[]; dynamicCustom: boolean } {
  const names: string[] = [];
  let dynamicCustom = false;
  for (const segments of plainEngine.globalVariableSegmentsSync(template)) {
    if (segments[0] === 'custom' && segments.length > 1 && typeof segments[1] !== 'string') dynamicCustom = true;
    const name = variableName(segments);
    if (!names.includes(name)) names.push(name);
  }
  return { names, dynamicCustom };
}

const tagOf = (text: string) => `{{ ${text} }}`;
const listOf = (items: string[]) => (items.length === 1 ? items[0] : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);

/** Liquid's own error, in words for the person who wrote the text (with the line and column where it helps). */
export function liquidErrorSentence(err: unknown): string {
  const raw = err instanceof Error ? err.message : String(err);
  const at = /, line:(\d+), col:(\d+)$/.exec(raw);
  const where = at ? ` (line ${at[1]}, column ${at[2]})` : '';
  const message = at ? raw.slice(0, at.index) : raw;
  let m: RegExpExecArray | null;
  if ((m = /^output "(.*)" not closed/s.exec(message))) return `"${m[1].trim()}" is not closed: end it with }}${where}.`;
  if ((m = /^tag "(.*)" not closed/s.exec(message))) return `"${m[1].trim()}" is not closed: end it with %}${where}.`;
  if ((m = /^tag \{%\s*(\w+).*%\} not closed/s.exec(message))) return `{% ${m[1]} %} has no matching {% end${m[1]} %}${where}.`;
  if ((m = /^undefined filter: (.+)$/.exec(message))) return `There is no filter called "${m[1]}"${where}. Filters such as upcase, capitalize and default are available.`;
  if ((m = /^tag "(\w+)" not found/.exec(message))) {
    if (['include', 'render', 'layout', 'block'].includes(m[1])) return `Messages cannot include other templates ({% ${m[1]} %})${where}.`;
    if (m[1] === 'raw') return `{% raw %} is not available in e-mails: write the text as it is${where}.`;
    if (m[1].startsWith('end')) return `{% ${m[1]} %} closes a tag that was never opened${where}.`;
    return `There is no tag called "${m[1]}"${where}.`;
  }
  if (/^invalid value expression: ""/.test(message)) return `An empty {{ }} shows nothing: put a variable inside it, e.g. {{ first_name }}${where}.`;
  if (/limit exceeded/i.test(message)) return 'The message does too much work to render (a loop over too many items).';
  return `The message's variables could not be read: ${message}${where}.`;
}

/**
 * A message text checked and ready to render for each recipient. Variables are Liquid:
 * {{ first_name }}, {{ last_name }}, {{ name }} (both, joined by a space), {{ phone }},
 * {{ email }} and {{ custom.<key> }} for the company's own contact fields (`customKeys`);
 * filters are allowed ({{ first_name | default: "friend" }}). A variable the contact has no
 * value for renders empty. A syntax error or an unknown variable is a MessageTemplateError.
 */
export function compileMessage(body: string, customKeys: readonly string[], format: MessageFormat = {}): CompiledMessage {
  if (!LIQUID_MARKUP.test(body)) return { personalised: false, variables: [], render: () => body };
  const engine = format.html ? htmlEngine : plainEngine;

  let template: Template[];
  try {
    template = engine.parse(body);
  } catch (err) {
    throw new MessageTemplateError(liquidErrorSentence(err));
  }
  const { names, dynamicCustom } = referencedVariables(template);
  if (dynamicCustom) throw new MessageTemplateError('A contact field is named with a fixed key: {{ custom.region }}, not {{ custom[something] }}.');
  const custom = new Set(customKeys);
  if (names.includes('custom')) throw new MessageTemplateError('{{ custom }} needs the key of a contact field, e.g. {{ custom.region }}.');
  const own = new Set(format.variables ?? []);
  const unknown = names.filter((n) => !(STANDARD.has(n) || own.has(n) || (n.startsWith('custom.') && custom.has(n.slice(7)))));
  if (unknown.length) {
    const what = listOf(unknown.map(tagOf));
    throw new MessageTemplateError(
      unknown.length === 1 ? `The message uses ${what}, which is not a contact field.` : `The message uses ${what}, which are not contact fields.`,
    );
  }

  const run = (scope: object) => {
    try {
      return String(engine.renderSync(template, scope));
    } catch (err) {
      throw new MessageTemplateError(liquidErrorSentence(err));
    }
  };

  if (names.length === 0) {
    // Liquid without variables ({% raw %}, a literal through a filter): the same text for everyone, rendered once
    const text = run({});
    return { personalised: false, variables: [], render: () => text };
  }
  return { personalised: true, variables: names, render: (contact, extra) => run({ ...extra, ...scopeOf(contact) }) };
}

/**
 * The variables a stored text uses, for showing (a template's row): the same names compileMessage
 * reads, without checking them against the company's fields; none when the text cannot be read.
 */
export function messageVariables(body: string): string[] {
  if (!LIQUID_MARKUP.test(body)) return [];
  try {
    return referencedVariables(plainEngine.parse(body)).names;
  } catch {
    return [];
  }
}

function scopeOf(contact: RenderContact) {
  const first = contact.first_name ?? '';
  const last = contact.last_name ?? '';
  return {
    first_name: contact.first_name,
    last_name: contact.last_name,
    name: `${first} ${last}`.trim(),
    phone: contact.phone,
    email: contact.email,
    // a copy: the template reads the values and never the object the caller keeps
    custom: { ...contact.custom },
  };
}
