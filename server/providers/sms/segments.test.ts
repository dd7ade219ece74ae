import { describe, expect, it } from 'vitest';
import { messageParts } from './segments.js';

const a = (n: number) => 'a'.repeat(n);

describe('message parts and encoding', () => {
  it.each([
    // text, encoding, parts, units, characters forcing UCS-2, extension characters
    ['Hello', 'GSM-7', 1, 5, [], []],
    [a(160), 'GSM-7', 1, 160, [], []],
    [a(161), 'GSM-7', 2, 161, [], []],
    [a(306), 'GSM-7', 2, 306, [], []],
    [a(307), 'GSM-7', 3, 307, [], []],
    [a(459), 'GSM-7', 3, 459, [], []],
    [a(460), 'GSM-7', 4, 460, [], []],
    // each extension character counts two
    ['€'.repeat(80), 'GSM-7', 1, 160, [], ['€']],
    [`€${a(159)}`, 'GSM-7', 2, 161, [], ['€']],
    ['[]{}^~|\\', 'GSM-7', 1, 16, [], ['[', ']', '{', '}', '^', '~', '|', '\\']],
    // a multi-part message does not split an extension character across parts: 152 + the escape pair
    [`${a(152)}€${a(152)}`, 'GSM-7', 3, 306, [], ['€']],
    ['Jambo! Karibu @ £5 ¿ é', 'GSM-7', 1, 22, [], []],
    // UCS-2: 70 a part, 67 each when split
    [`ç${a(69)}`, 'UCS-2', 1, 70, ['ç'], []],
    [`ç${a(70)}`, 'UCS-2', 2, 71, ['ç'], []],
    [`ç${a(133)}`, 'UCS-2', 2, 134, ['ç'], []],
    [`ç${a(134)}`, 'UCS-2', 3, 135, ['ç'], []],
    // an emoji is two UTF-16 units
    [`😀${a(68)}`, 'UCS-2', 1, 70, ['😀'], []],
    [`😀${a(69)}`, 'UCS-2', 2, 71, ['😀'], []],
    ['Habari 👋🏾 ₦ ж', 'UCS-2', 1, 15, ['👋🏾', '₦', 'ж'], []],
    // a curly quote forces UCS-2 (no smart encoding: what is typed is what is sent)
    ['It’s here', 'UCS-2', 1, 9, ['’'], []],
    ['', 'GSM-7', 0, 0, [], []],
  ])('%j is %s in %i part(s)', (text, encoding, parts, units, unicode, extension) => {
    const m = messageParts(text);
    expect(m).toMatchObject({ encoding, parts, units, unicodeCharacters: unicode, extensionCharacters: extension });
  });

  it('says how much room is left in the last part', () => {
    expect(messageParts(a(150))).toMatchObject({ perPart: 160, remaining: 10 });
    expect(messageParts(a(161))).toMatchObject({ perPart: 153, remaining: 145 });
    expect(messageParts(`ç${a(70)}`)).toMatchObject({ perPart: 67, remaining: 63 });
    expect(messageParts('')).toMatchObject({ perPart: 160, remaining: 160 });
  });
});
