/**
 * The plain-text part every e-mail the product writes makes from its HTML body (the accounting
 * templates of documents/mail.ts, the outreach templates of email-templates/ and the email
 * channel's sends alike). Escaping a value into HTML is common/html.ts.
 */

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ', amp: '&', zwnj: '', '#847': '' };

/**
 * A readable plain-text part from a (sanitised) HTML body, a fragment or a whole document: the
 * head, style sheets and hidden preview text are left out, paragraphs and rows become blank
 * lines, a link keeps its address in brackets.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<head[\s>][\s\S]*?<\/head>/gi, '')
    .replace(/<(style|script|title)[\s>][\s\S]*?<\/\1>/gi, '')
    .replace(/<div style="display:\s*none[^"]*"[^>]*>[\s\S]*?<\/div>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr)>/gi, '\n\n')
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, label: string) => {
      const text = label.replace(/<[^>]+>/g, '').trim();
      return text === href || text === '' ? href : `${text} (${href})`;
    })
    .replace(/<[^>]+>/g, '')
    .replace(/&(lt|gt|quot|#39|nbsp|zwnj|#847|amp);/g, (_, name: string) => ENTITIES[name])
    .replace(/[ \t]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
