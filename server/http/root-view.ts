import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

export const ENTRY = 'web/app.tsx';

/**
 * The HTML shell of every first visit, built from Vite's manifest. The asset
 * version is the manifest's hash: a new build makes Inertia clients reload.
 */
export function loadRootView(publicDir: string) {
  const file = join(publicDir, 'build', '.vite', 'manifest.json');
  if (!existsSync(file)) {
    return {
      version: 'unbuilt',
      render: (pageHtml: string, nonce: string) => shell('<!-- client not built: run npm run build -->', pageHtml, nonce),
    };
  }
  const raw = readFileSync(file, 'utf8');
  const manifest = JSON.parse(raw) as Record<string, ManifestChunk>;
  const entry = manifest[ENTRY];
  if (!entry) throw new Error(`Vite manifest has no entry ${ENTRY}`);
  const css = new Set<string>(entry.css ?? []);
  const preload = new Set<string>();
  for (const name of entry.imports ?? []) {
    const chunk = manifest[name];
    if (!chunk) continue;
    preload.add(chunk.file);
    chunk.css?.forEach((c) => css.add(c));
  }
  const tags = [
    ...[...css].map((c) => `<link rel="stylesheet" href="/build/${c}">`),
    ...[...preload].map((p) => `<link rel="modulepreload" href="/build/${p}">`),
    `<script type="module" src="/build/${entry.file}"></script>`,
  ].join('\n    ');
  return {
    version: createHash('sha256').update(raw).digest('hex').slice(0, 16),
    render: (pageHtml: string, nonce: string) => shell(tags, pageHtml, nonce),
  };
}

// Applied before first paint so a dark-mode or RTL user never sees the wrong theme flash. Mirrors
// applyPreferences() of web/lib/preferences.ts: same keys, same allowed values, same defaults.
const PREFERENCES = `(function(){try{var s=localStorage,d=document.documentElement,` +
  `b=function(k){return s.getItem(k)==='true'},` +
  `o=function(k,a){var v=s.getItem(k);return a.indexOf(v)<0?a[0]:v};` +
  `if(b('darkMode'))d.classList.add('dark');` +
  `if(b('semiDarkMode'))d.classList.add('semi-dark');` +
  `if(b('monochrome'))d.classList.add('monochrome');` +
  `d.setAttribute('dir',o('direction',['ltr','rtl']));` +
  `d.setAttribute('data-skin',o('skin',['default','bordered']));` +
  `d.setAttribute('data-layout',o('type',['vertical','horizontal']));` +
  `d.setAttribute('data-content-width',o('contentWidth',['full','boxed']));` +
  `d.setAttribute('data-navbar',o('navbarType',['sticky','static','floating','hidden']));` +
  `d.setAttribute('data-footer',o('footerType',['static','sticky','hidden']));` +
  `d.setAttribute('data-sidebar',b('sidebarCollapsed')?'collapsed':'expanded');}catch(e){}})();`;

/** The page; `nonce` is the request's CSP nonce (server/http/security-headers.ts), which the inline theme script must carry. */
function shell(tags: string, pageHtml: string, nonce: string) {
  return `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Kazi</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml">
    <link rel="icon" href="/favicon.ico" sizes="32x32">
    <script nonce="${nonce}">${PREFERENCES}</script>
    ${tags}
  </head>
  <body class="font-sans antialiased">
    ${pageHtml}
  </body>
</html>`;
}
