// Message text is shown as text (SPEC/issue 22: links made clickable, never HTML): it is cut into
// plain runs and web addresses, and the page renders each run as a React text node and each
// address as an <a> to an http(s) URL. Nothing in a message can become markup.

export type TextRun = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// http(s)://… or www.…, up to whitespace or a character that cannot be in an address
const ADDRESS = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
// punctuation that usually closes the sentence rather than the address
const TRAILING = /[.,;:!?)\]}'"]+$/;

export function linkify(text: string): TextRun[] {
  const runs: TextRun[] = [];
  let at = 0;
  for (const match of text.matchAll(ADDRESS)) {
    let found = match[0];
    const trail = TRAILING.exec(found)?.[0] ?? '';
    // keep a closing bracket that has its opening one inside the address (wikipedia's "Foo_(bar)")
    const keepParen = trail.startsWith(')') && (found.match(/\(/g)?.length ?? 0) >= (found.match(/\)/g)?.length ?? 0);
    if (trail && !keepParen) found = found.slice(0, found.length - trail.length);
    const start = match.index;
    if (start > at) runs.push({ kind: 'text', text: text.slice(at, start) });
    const href = /^https?:\/\//i.test(found) ? found : `https://${found}`;
    let safe: URL | null;
    try {
      safe = new URL(href);
    } catch {
      safe = null;
    }
    if (safe && (safe.protocol === 'http:' || safe.protocol === 'https:')) runs.push({ kind: 'link', text: found, href: safe.href });
    else runs.push({ kind: 'text', text: found });
    at = start + found.length;
  }
  if (at < text.length) runs.push({ kind: 'text', text: text.slice(at) });
  // adjacent text runs join (a refused address beside text)
  return runs.reduce<TextRun[]>((out, r) => {
    const last = out[out.length - 1];
    if (last && last.kind === 'text' && r.kind === 'text') last.text += r.text;
    else out.push({ ...r });
    return out;
  }, []);
}
