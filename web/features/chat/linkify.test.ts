import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('cuts text into runs and http(s) addresses', () => {
    expect(linkify('See https://kazi.example/projects/kibera, then reply.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://kazi.example/projects/kibera', href: 'https://kazi.example/projects/kibera' },
      { kind: 'text', text: ', then reply.' },
    ]);
  });

  it('gives www. addresses a scheme and keeps a bracket that belongs to the address', () => {
    expect(linkify('(www.example.com)')).toEqual([
      { kind: 'text', text: '(' },
      { kind: 'link', text: 'www.example.com', href: 'https://www.example.com/' },
      { kind: 'text', text: ')' },
    ]);
    expect(linkify('https://en.wikipedia.org/wiki/Foo_(bar)')[0]).toMatchObject({ kind: 'link', text: 'https://en.wikipedia.org/wiki/Foo_(bar)' });
  });

  it('never makes markup or a script address a link', () => {
    const html = '<img src=x onerror=alert(1)> javascript:alert(1) data:text/html,hi';
    expect(linkify(html)).toEqual([{ kind: 'text', text: html }]);
  });

  it('answers plain text as one run, and nothing for nothing', () => {
    expect(linkify('Thursday works for me 👍')).toEqual([{ kind: 'text', text: 'Thursday works for me 👍' }]);
    expect(linkify('')).toEqual([]);
  });
});
