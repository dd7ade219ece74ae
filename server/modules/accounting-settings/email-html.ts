import { createRequire } from 'node:module';
import type SanitizeHtml from 'sanitize-html';

/**
 * sanitize-html (with its HTML and CSS parsers), loaded when the first template is saved or sent
 * rather than by every start (docs/decisions/0022-start-up.md). A synchronous require: the
 * callers are synchronous.
 */
let loaded: { sanitizeHtml: typeof SanitizeHtml; options: SanitizeHtml.IOptions } | undefined;
function sanitizer() {
  if (!loaded) {
    const sanitizeHtml = createRequire(import.meta.url)('sanitize-html') as typeof SanitizeHtml;
    loaded = { sanitizeHtml, options: options(sanitizeHtml) };
  }
  return loaded;
}

/**
 * The HTML a company writes into its e-mail templates, cleaned before it is stored (and so
 * before anyone sees or receives it): formatting, links, images and tables stay; scripts,
 * event handlers, forms, frames, style sheets and javascript: URLs go. Variables such as
 * {invoice_guest_link} survive in href and src, since they carry no scheme.
 */
const options = (sanitizeHtml: typeof SanitizeHtml): SanitizeHtml.IOptions => ({
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags.filter((t) => t !== 'style'),
    'img',
    'span',
    'font',
    'center',
  ],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan', 'align', 'valign', 'width'],
    th: ['colspan', 'rowspan', 'align', 'valign', 'width'],
    table: ['width', 'cellpadding', 'cellspacing', 'border', 'align'],
    font: ['color'],
    '*': ['style', 'align'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // inline styles are how mail is formatted; only harmless properties are kept
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,6}$/i, /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/i, /^[a-z]+$/i],
      'background-color': [/^#[0-9a-f]{3,6}$/i, /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/i, /^[a-z]+$/i],
      'text-align': [/^(left|right|center|justify|start|end)$/],
      'font-weight': [/^(normal|bold|\d{3})$/],
      'font-style': [/^(normal|italic)$/],
      'font-size': [/^\d{1,3}(px|em|rem|%)$/],
      'text-decoration': [/^(none|underline|line-through)$/],
      padding: [/^(\d{1,3}(px|em)\s*){1,4}$/],
      margin: [/^(\d{1,3}(px|em)\s*){1,4}$/],
    },
  },
  transformTags: {
    // links in mail open outside the mail client's frame and never tell the target who linked
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }),
  },
});

export const sanitizeEmailHtml = (html: string): string => {
  const { sanitizeHtml, options } = sanitizer();
  return sanitizeHtml(html, options).trim();
};
