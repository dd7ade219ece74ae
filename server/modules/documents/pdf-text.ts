import { inflateSync } from 'node:zlib';

/**
 * Reads back the text lines of a PDF made by pdfkit, for tests: inflates the streams, maps the
 * glyph codes of embedded fonts through their ToUnicode maps (WinAnsi for the built-in fonts)
 * and returns one string per text-showing operator, page by page. Not a general PDF reader.
 */
export function pdfText(pdf: Buffer): { pages: string[][]; text: string } {
  const src = pdf.toString('latin1');
  const objects = new Map<number, { dict: string; stream: string | null }>();
  // a stream is read by its /Length: binary data (an embedded font) may hold the bytes "endobj"
  const objRe = /(\d+) 0 obj\s*/g;
  for (let m; (m = objRe.exec(src)); ) {
    const start = m.index + m[0].length;
    const streamAt = src.indexOf('stream', start);
    const endAt = src.indexOf('endobj', start);
    const length = /\/Length (\d+)(?! \d+ R)/.exec(src.slice(start, streamAt >= 0 ? streamAt : start));
    let dict: string;
    let stream: string | null = null;
    if (streamAt >= 0 && streamAt < endAt && length) {
      dict = src.slice(start, streamAt);
      const dataAt = streamAt + 'stream'.length + (src[streamAt + 6] === '\r' ? 2 : 1);
      const raw = Buffer.from(src.slice(dataAt, dataAt + Number(length[1])), 'latin1');
      stream = /\/FlateDecode/.test(dict) ? inflateSync(raw).toString('latin1') : raw.toString('latin1');
      objRe.lastIndex = src.indexOf('endobj', dataAt + Number(length[1]));
    } else {
      dict = src.slice(start, endAt);
      objRe.lastIndex = endAt;
    }
    objects.set(Number(m[1]), { dict, stream });
  }
  const ref = (dict: string, key: string) => {
    const r = new RegExp(`/${key} (\\d+) 0 R`).exec(dict);
    return r ? objects.get(Number(r[1])) : undefined;
  };

  // font resource name → decoder
  const decoders = new Map<string, (hex: string) => string>();
  for (const { dict } of objects.values()) {
    const fonts = /\/Font <<([\s\S]*?)>>/.exec(dict);
    if (!fonts) continue;
    for (const f of fonts[1].matchAll(/\/(\w+) (\d+) 0 R/g)) {
      if (decoders.has(f[1])) continue;
      const font = objects.get(Number(f[2]));
      if (!font) continue;
      const cmap = ref(font.dict, 'ToUnicode')?.stream;
      if (cmap) {
        const map = new Map<number, string>();
        for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
          for (const r of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F\s]+>)/g)) {
            const start = parseInt(r[1], 16);
            const end = parseInt(r[2], 16);
            if (r[3].startsWith('[')) {
              // a ligature maps to several characters, written with spaces: <0066 006c> is "fl"
              [...r[3].matchAll(/<([0-9a-fA-F\s]+)>/g)].forEach((u, i) => map.set(start + i, utf16(u[1].replace(/\s+/g, ''))));
            } else {
              const base = parseInt(r[3].slice(1, -1), 16);
              for (let c = start; c <= end; c++) map.set(c, String.fromCharCode(base + c - start));
            }
          }
        }
        for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
          for (const r of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(parseInt(r[1], 16), utf16(r[2]));
        }
        decoders.set(f[1], (hex) => (hex.match(/.{4}/g) ?? []).map((h) => map.get(parseInt(h, 16)) ?? '\uFFFD').join(''));
      } else {
        decoders.set(f[1], (hex) => Buffer.from(hex, 'hex').toString('latin1'));
      }
    }
  }

  const pages: string[][] = [];
  for (const { dict } of objects.values()) {
    if (!/\/Type \/Page\b/.test(dict)) continue;
    const content = ref(dict, 'Contents')?.stream ?? '';
    const lines: string[] = [];
    let font = '';
    const opRe = /\/(\w+) [\d.]+ Tf|\[((?:<[0-9a-fA-F]*>|\s|-?[\d.]+)*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g;
    for (let m; (m = opRe.exec(content)); ) {
      if (m[1]) font = m[1];
      else {
        const hex = m[2] !== undefined ? [...m[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('') : m[3];
        lines.push((decoders.get(font) ?? ((h: string) => h))(hex));
      }
    }
    pages.push(lines);
  }
  return { pages, text: pages.map((p) => p.join('\n')).join('\n') };
}

function utf16(hex: string): string {
  const units = (hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16));
  return String.fromCharCode(...units);
}
