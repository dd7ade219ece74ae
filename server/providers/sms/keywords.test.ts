import { describe, expect, it } from 'vitest';
import { inboundKind } from './keywords.js';

describe('opt-out and opt-in keywords', () => {
  it.each([
    ['STOP', 'opt_out'],
    ['stop', 'opt_out'],
    ['  Stop  ', 'opt_out'],
    ['STOP.', 'opt_out'],
    ['quit', 'opt_out'],
    ['End', 'opt_out'],
    ['CANCEL', 'opt_out'],
    ['unsubscribe', 'opt_out'],
    ['OPT OUT', 'opt_out'],
    ['opt   out', 'opt_out'],
    ['Opt out!', 'opt_out'],
    ['\tSTOP\n', 'opt_out'],
    ['ＳＴＯＰ', 'opt_out'],
    ['START', 'opt_in'],
    ['start', 'opt_in'],
    [' UnStop ', 'opt_in'],
    ['STOPP', 'message'],
    ['STOP please', 'message'],
    ['Please stop', 'message'],
    ['OPTOUT', 'message'],
    ['', 'message'],
    ['Habari, is the meeting on?', 'message'],
  ])('%j is %s', (text, kind) => {
    expect(inboundKind(text)).toBe(kind);
  });
});
