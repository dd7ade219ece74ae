import { isSafeUrl, type Block, type LeafBlock } from '../../../common/schemas/cms.js';
import { escapeHtml } from '../../../common/html.js';
import { sanitizePageHtml, sanitizeRichText } from './sanitize.js';


/** The address of a media file as a visitor may load it (a signed, expiring URL), or null when the file is gone. */
export interface ImageSource {
  src: string;
  width: number | null;
  height: number | null;
}
export type ImageResolver = (mediaId: number) => ImageSource | null;

function leaf(b: LeafBlock, image: ImageResolver): string {
  switch (b.type) {
    case 'heading':
      return `<h${b.level} class="kz-heading">${escapeHtml(b.text)}</h${b.level}>`;
    case 'text':
      return `<div class="kz-text">${sanitizeRichText(b.html)}</div>`;
    case 'image': {
      const img = image(b.media_id);
      if (!img) return '';
      const size = img.width && img.height ? ` width="${img.width}" height="${img.height}"` : '';
      const caption = b.caption ? `<figcaption class="kz-caption">${escapeHtml(b.caption)}</figcaption>` : '';
      return `<figure class="kz-figure"><img class="kz-image" src="${escapeHtml(img.src)}" alt="${escapeHtml(b.alt)}"${size} loading="lazy">${caption}</figure>`;
    }
    case 'button': {
      // checked on save; a link that is not (any more) safe is left out rather than shown dead
      if (!isSafeUrl(b.url)) return '';
      return `<p class="kz-actions"><a class="kz-button kz-button-${b.style === 'outline' ? 'outline' : 'primary'}" href="${escapeHtml(b.url.trim())}" rel="noopener noreferrer nofollow">${escapeHtml(b.label)}</a></p>`;
    }
  }
}

/**
 * A page's blocks as the HTML of its body: every value escaped, rich text through its allow-list,
 * and the whole through the page's allow-list once more (sanitize.ts), so a renderer mistake
 * cannot let markup through either.
 */
export function renderBlocks(blocks: readonly Block[], image: ImageResolver, pagePath = ''): string {
  const html = blocks
    .map((b) => {
      // the survey is answered on the page's own survey page: this page runs no script and posts no form
      if (b.type === 'survey') {
        const intro = b.intro ? `<p class="kz-text">${escapeHtml(b.intro)}</p>` : '';
        return `<div class="kz-survey">${intro}<p class="kz-actions"><a class="kz-button kz-button-primary" href="${escapeHtml(`${pagePath}/survey`)}">${escapeHtml(b.label)}</a></p></div>`;
      }
      if (b.type !== 'columns') return leaf(b, image);
      const n = b.columns.length === 3 ? 3 : 2;
      const cols = b.columns.map((col) => `<div class="kz-column">${col.map((c) => leaf(c, image)).join('')}</div>`).join('');
      return `<div class="kz-columns kz-columns-${n}">${cols}</div>`;
    })
    .join('\n');
  return sanitizePageHtml(html);
}
