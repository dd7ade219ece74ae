import { createRequire } from 'node:module';
import type SanitizeHtml from 'sanitize-html';

/**
 * A received mail's HTML as Kazi shows it (docs/decisions/0050-mailbox.md), with the same library
 * and the same rules as the CMS pages' allow-lists (server/modules/cms/sanitize.ts: no script,
 * style sheets, event handlers, frames, forms, SVG or MathML; links only http(s) and mailto,
 * never telling the target who linked), widened to what mail layouts use (tables, headings,
 * a few inline styles). Remote images are kept only when the reader allows them: otherwise an
 * image loses its address (a tracking pixel never loads) and keeps its alt text.
 */
let lib: typeof SanitizeHtml | undefined;
const sanitizer = () => (lib ??= createRequire(import.meta.url)('sanitize-html') as typeof SanitizeHtml);

const LINK_REL = 'noopener noreferrer nofollow';
const TAGS = [
  'p', 'br', 'div', 'span', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'hr',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'img', 'font', 'center', 'small', 'sub', 'sup',
];
const SAFE_COLOUR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]{3,20}$/i];

const options = (images: boolean): SanitizeHtml.IOptions => ({
  allowedTags: TAGS,
  allowedAttributes: {
    a: ['href', 'rel', 'target', 'title'],
    img: ['src', 'alt', 'width', 'height', 'title'],
    td: ['colspan', 'rowspan', 'align', 'valign', 'width'],
    th: ['colspan', 'rowspan', 'align', 'valign', 'width'],
    table: ['width', 'align', 'cellpadding', 'cellspacing', 'border'],
    font: ['color'],
    '*': ['style', 'dir', 'lang', 'align'],
  },
  allowedStyles: {
    '*': {
      color: SAFE_COLOUR,
      'background-color': SAFE_COLOUR,
      'text-align': [/^(left|right|center|justify|start|end)$/],
      'font-weight': [/^(normal|bold|bolder|lighter|\d{3})$/],
      'font-style': [/^(normal|italic)$/],
      'text-decoration': [/^(none|underline|line-through)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https', 'http'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'svg', 'math', 'iframe', 'object', 'head'],
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: LINK_REL } }),
    img: (tagName, attribs) => {
      const { src, ...rest } = attribs;
      return { tagName, attribs: images && src && /^https?:\/\//i.test(src.trim()) ? { ...rest, src: src.trim() } : rest };
    },
  },
});

let withImages: SanitizeHtml.IOptions | undefined;
let withoutImages: SanitizeHtml.IOptions | undefined;

/** the mail's HTML, safe to show; remote images only when `images` */
export function sanitizeMailHtml(html: string, images = false): string {
  return sanitizer()(html, images ? (withImages ??= options(true)) : (withoutImages ??= options(false))).trim();
}

/** whether the HTML loads anything from elsewhere when images are allowed (the page then offers "Show images") */
export const hasRemoteImages = (html: string) => /<img\b[^>]*\bsrc\s*=\s*["']?https?:/i.test(html);
