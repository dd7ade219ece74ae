import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type SanitizeHtml from 'sanitize-html';

/**
 * The HTML of an outreach e-mail, cleaned before it is stored (so before anyone previews,
 * receives or is shown it; docs/decisions/0039). MJML makes whole documents: the head, its
 * style sheets (responsive columns) and the tables stay; scripts, event handlers, forms, frames,
 * objects, <link>s and @imports (nothing is fetched from a third party when the mail is opened
 * in the product), meta refreshes, javascript:/data: URLs and CSS expressions go.
 *
 * Two things the sanitiser would spoil are set aside first and put back after, each under a
 * random placeholder the template's author cannot guess:
 * - Liquid markup ({{ first_name }}, {% if %}): sanitising would escape the quotes and `>` of its
 *   expressions. Liquid's outputs are HTML-escaped when rendered (message-render.ts, HTML engine)
 *   and nothing else of it is written, so it is not HTML; a link or a style sheet may not start
 *   with it (see compileEmailSource).
 * - Outlook's conditional comments (MJML's "ghost tables"), only when they hold nothing but
 *   table, VML and Office tags with plain attributes: a browser sees a comment, Outlook a table.
 */

let loaded: { sanitizeHtml: typeof SanitizeHtml; options: SanitizeHtml.IOptions } | undefined;
function sanitizer() {
  if (!loaded) {
    const sanitizeHtml = createRequire(import.meta.url)('sanitize-html') as typeof SanitizeHtml;
    loaded = { sanitizeHtml, options: options(sanitizeHtml) };
  }
  return loaded;
}

/** CSS that runs code or fetches from elsewhere in some client: out of style sheets and style attributes. */
const BAD_CSS = /expression\s*\(|javascript:|vbscript:|behavior\s*:|-moz-binding|@import|url\s*\(\s*['"]?\s*(?!https?:)[a-z]+:/gi;

const ATTRIBUTES = ['style', 'class', 'align', 'valign', 'dir', 'lang', 'role', 'width', 'height', 'bgcolor', 'id', 'title', 'aria-*'];

const options = (sanitizeHtml: typeof SanitizeHtml): SanitizeHtml.IOptions => ({
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'html',
    'head',
    'body',
    'title',
    'meta',
    'style',
    'img',
    'span',
    'font',
    'center',
    'u',
    's',
  ],
  // kept knowingly: MJML's responsive columns live in <style>; its text is cleaned of BAD_CSS below
  allowVulnerableTags: true,
  nonTextTags: ['script', 'textarea', 'option', 'noscript'],
  allowedAttributes: {
    html: ['lang', 'dir', 'xmlns', 'xmlns:v', 'xmlns:o'],
    meta: ['http-equiv', 'content', 'name', 'charset'],
    style: ['type', 'media'],
    a: [...ATTRIBUTES, 'href', 'name', 'target', 'rel'],
    img: [...ATTRIBUTES, 'src', 'alt', 'border'],
    table: [...ATTRIBUTES, 'border', 'cellpadding', 'cellspacing'],
    td: [...ATTRIBUTES, 'colspan', 'rowspan'],
    th: [...ATTRIBUTES, 'colspan', 'rowspan'],
    font: [...ATTRIBUTES, 'color', 'face', 'size'],
    '*': ATTRIBUTES,
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  exclusiveFilter: (frame) => frame.tag === 'meta' && /refresh|set-cookie/i.test(frame.attribs['http-equiv'] ?? ''),
  transformTags: {
    // links in mail open outside the mail client's frame and never tell the target who linked
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }),
    '*': (tagName, attribs) => {
      if (attribs.style && new RegExp(BAD_CSS.source, 'i').test(attribs.style)) {
        const { style: _dropped, ...rest } = attribs;
        return { tagName, attribs: rest };
      }
      return { tagName, attribs };
    },
  },
});

const LIQUID = /\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}/g;
/** an Outlook-only block: tables, VML and Office settings with plain attribute values, nothing else */
const CONDITIONAL = /<!--\[if [a-zA-Z !|()]{1,30}\]>([\s\S]*?)<!\[endif\]-->/g;
const GHOST_TAG = /<\/?(?:table|tr|td|tbody|noscript|xml|o:[a-zA-Z]+|v:[a-zA-Z]+)(?:\s+(?!on)[a-zA-Z:-]+="[^"<>]*")*\s*\/?>/g;
/** the markers around content every client sees (the content itself is sanitised like the rest) */
const REVEALED = /<!--\[if !mso\]><!-->|<!--<!\[endif\]-->/g;

export interface SanitizedEmail {
  html: string;
  /** the Liquid of a link or image address that starts with a variable (refused by the caller) */
  addressesStartingWithVariables: string[];
  /** Liquid inside a style sheet (refused by the caller: CSS is not HTML-escaped) */
  variablesInStyles: boolean;
}

/** Cleans a whole MJML-made document (see the top of this file). */
export function sanitizeEmailDocument(html: string): SanitizedEmail {
  const { sanitizeHtml, options } = sanitizer();
  const nonce = randomBytes(9).toString('hex');
  const kept: string[] = [];
  const keep = (text: string) => `kz${nonce}p${kept.push(text) - 1}q`;
  const placeholder = new RegExp(`kz${nonce}p(\\d+)q`, 'g');

  let protectedHtml = html.replace(LIQUID, keep);
  protectedHtml = protectedHtml.replace(CONDITIONAL, (whole: string, inner: string) => {
    const rest = inner.replace(GHOST_TAG, '').replace(/<style[^>]*>[^<>]*<\/style>/g, '');
    return /[<>]/.test(rest) || /javascript:|expression\s*\(/i.test(inner) ? '' : keep(whole);
  });
  protectedHtml = protectedHtml.replace(REVEALED, keep);
  // style sheets: no code, no imports (the closing tag ends the match, so nothing escapes it)
  protectedHtml = protectedHtml.replace(/(<style[^>]*>)([\s\S]*?)(<\/style>)/gi, (_, open: string, css: string, close: string) => open + css.replace(BAD_CSS, '') + close);

  const clean = sanitizeHtml(protectedHtml, options);

  const addressesStartingWithVariables: string[] = [];
  for (const m of clean.matchAll(new RegExp(`\\s(?:href|src)="\\s*kz${nonce}p(\\d+)q`, 'g'))) addressesStartingWithVariables.push(kept[Number(m[1])]);
  const variablesInStyles = [...clean.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/gi)].some((m) => new RegExp(`kz${nonce}p`).test(m[1]));

  // put back: comments first (they may hold Liquid), then the Liquid
  const restore = (text: string): string => text.replace(placeholder, (_, i: string) => restore(kept[Number(i)]));
  const out = `<!doctype html>\n${restore(clean).replace(/^<!doctype html>\s*/i, '').trim()}\n`;
  return { html: out, addressesStartingWithVariables, variablesInStyles };
}
