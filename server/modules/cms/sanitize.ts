import { createRequire } from 'node:module';
import type SanitizeHtml from 'sanitize-html';
import { isSafeUrl } from '../../../common/schemas/cms.js';

/**
 * The allow-lists of CMS pages (docs/decisions/0041-cms-pages.md), with sanitize-html. Anything
 * not named here goes: scripts, styles, event handlers, frames, forms, SVG and MathML, and every
 * URL that is not http(s), mailto or relative (javascript:, data:, vbscript:, `//host`).
 *
 * - rich text: what the editor's rich-text block makes (paragraphs, bold, italic, underline,
 *   strike, links, lists, quotes, code, line breaks), no attributes but a link's address;
 * - a whole rendered page, checked again on the way out: the renderer's own structure
 *   (`kz-` classes only) around the rich text, images and links.
 *
 * Loaded on first use rather than at start (docs/decisions/0022-start-up.md).
 */
let lib: typeof SanitizeHtml | undefined;
const sanitizer = () => (lib ??= createRequire(import.meta.url)('sanitize-html') as typeof SanitizeHtml);

const SCHEMES = ['http', 'https', 'mailto'];
const LINK_REL = 'noopener noreferrer nofollow';

/** A link keeps its address only when common/schemas/cms.ts isSafeUrl allows it (the buttons' rule), and never tells the target who linked. */
const link: SanitizeHtml.Transformer = (tagName, attribs) => {
  const { href, ...rest } = attribs;
  return { tagName, attribs: { ...rest, ...(href !== undefined && isSafeUrl(href) ? { href: href.trim() } : {}), rel: LINK_REL } };
};
/** An image's source: this site's own path (the media library's route) or an http(s) address; anything else is dropped. */
const image: SanitizeHtml.Transformer = (tagName, attribs) => {
  const { src, ...rest } = attribs;
  const ok = src !== undefined && isSafeUrl(src) && !src.startsWith('#') && !/^mailto:/i.test(src.trim());
  return { tagName, attribs: { ...rest, ...(ok ? { src: src.trim() } : {}) } };
};

const RICH_TEXT_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'blockquote', 'code'];

let richText: SanitizeHtml.IOptions | undefined;
const richTextOptions = (): SanitizeHtml.IOptions =>
  (richText ??= {
    allowedTags: RICH_TEXT_TAGS,
    allowedAttributes: { a: ['href', 'rel'] },
    allowedSchemes: SCHEMES,
    allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
    allowProtocolRelative: false,
    // the content of a dropped <script>/<style>/<textarea>… goes with it, never shown as text
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'svg', 'math', 'iframe', 'object'],
    disallowedTagsMode: 'discard',
    transformTags: { a: link },
    exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href,
  });

let page: SanitizeHtml.IOptions | undefined;
const pageOptions = (): SanitizeHtml.IOptions =>
  (page ??= {
    allowedTags: [...RICH_TEXT_TAGS, 'main', 'article', 'section', 'div', 'h1', 'h2', 'h3', 'h4', 'figure', 'figcaption', 'img', 'span'],
    allowedAttributes: {
      a: ['href', 'rel', 'class'],
      img: ['src', 'alt', 'width', 'height', 'loading', 'class'],
      '*': ['class'],
    },
    allowedClasses: { '*': ['kz-*'] },
    allowedSchemes: SCHEMES,
    // images come from the media library's own route (relative) or https; never data: or javascript:
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
    allowProtocolRelative: false,
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'svg', 'math', 'iframe', 'object'],
    disallowedTagsMode: 'discard',
    transformTags: { a: link, img: image },
  });

/** A rich-text block's HTML as it is stored and shown. */
export const sanitizeRichText = (html: string): string => sanitizer()(html, richTextOptions()).trim();

/** A rendered page body, cleaned again before it is sent. */
export const sanitizePageHtml = (html: string): string => sanitizer()(html, pageOptions());
