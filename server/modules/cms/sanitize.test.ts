import { describe, expect, it } from 'vitest';
import { isSafeUrl, pageSlug } from '../../../common/schemas/cms.js';
import { renderBlocks } from './render.js';
import { sanitizePageHtml, sanitizeRichText } from './sanitize.js';
import { unsafeParts, XSS_PAYLOADS } from './xss-corpus.js';

describe('the allow-lists', () => {
  it('keeps the rich-text formatting the editor makes', () => {
    const html = '<p>A <strong>b</strong> <em>c</em> <u>d</u> <s>e</s><br><a href="https://x.example/a?b=1">link</a> <a href="/about">in</a> <a href="mailto:a@b.example">mail</a></p><ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote>';
    expect(sanitizeRichText(html)).toBe(
      '<p>A <strong>b</strong> <em>c</em> <u>d</u> <s>e</s><br /><a href="https://x.example/a?b=1" rel="noopener noreferrer nofollow">link</a> <a href="/about" rel="noopener noreferrer nofollow">in</a> <a href="mailto:a@b.example" rel="noopener noreferrer nofollow">mail</a></p><ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote>',
    );
  });

  it('drops every payload of the corpus from rich text and from a rendered page', () => {
    for (const payload of XSS_PAYLOADS) {
      expect(unsafeParts(sanitizeRichText(payload)), payload).toEqual([]);
      expect(unsafeParts(sanitizePageHtml(payload)), payload).toEqual([]);
    }
  });

  it('keeps only kz- classes and safe image sources in a page', () => {
    expect(sanitizePageHtml('<div class="kz-text evil">x</div><img src="data:image/png;base64,AAAA"><img class="kz-image" src="/media/x.png" alt="a">')).toBe(
      '<div class="kz-text">x</div><img /><img class="kz-image" alt="a" src="/media/x.png" />',
    );
  });

  it('renders plain fields as text and leaves out a button whose link is not safe', () => {
    const html = renderBlocks(
      [
        { id: 'h', type: 'heading', level: 3, text: '<b>bold?</b>' },
        { id: 'b', type: 'button', label: 'Go', url: 'javascript:alert(1)', style: 'primary' },
        { id: 'i', type: 'image', media_id: 7, alt: '"><script>', caption: '' },
      ],
      (id) => (id === 7 ? { src: '/media/files/7', width: 10, height: 5 } : null),
    );
    expect(html).toBe(
      '<h3 class="kz-heading">&lt;b&gt;bold?&lt;/b&gt;</h3>\n\n<figure class="kz-figure"><img class="kz-image" alt="&quot;&gt;&lt;script&gt;" width="10" height="5" loading="lazy" src="/media/files/7" /></figure>',
    );
  });
});

describe('the checker the tests rely on', () => {
  it('finds what could run', () => {
    expect(unsafeParts('<script>x</script>')).toContain('<script>');
    expect(unsafeParts('<img src=x onerror=alert(1)>')).toEqual(expect.arrayContaining(['img[onerror]', 'img[src=x]']));
    expect(unsafeParts('<a href="javascript:alert(1)">x</a>')).toContain('a[href=javascript:alert(1)]');
    expect(unsafeParts('<a href="&#106;avascript:alert(1)">x</a>')).toContain('a[href=javascript:alert(1)]');
    expect(unsafeParts('<a href="//evil.example">x</a>')).toContain('a[href=//evil.example]');
    expect(unsafeParts('<p style="x">y</p>')).toContain('p[style]');
    expect(unsafeParts('<p>&lt;script&gt; is text</p>')).toEqual([]);
  });
});

describe('links and slugs', () => {
  it('allows only http(s), mailto and this site’s paths', () => {
    for (const ok of ['https://a.example', 'http://a.example/x?y#z', 'mailto:a@b.example', '/contact', '#top']) expect(isSafeUrl(ok), ok).toBe(true);
    for (const bad of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'java\tscript:alert(1)', ' javascript:x', 'data:text/html,x', 'vbscript:x', '//evil.example', '/\\evil.example', 'ftp://a.example', 'https://', 'mailto:', 'about:blank', 'contact'])
      expect(isSafeUrl(bad), bad).toBe(false);
  });

  it('makes a slug from a title', () => {
    expect(pageSlug('  Über uns & Co!  ')).toBe('uber-uns-co');
    expect(pageSlug('2026: Annual report')).toBe('2026-annual-report');
    expect(pageSlug('!!!')).toBe('');
  });
});
