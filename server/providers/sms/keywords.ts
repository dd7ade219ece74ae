import type { InboundKind } from './types.js';

/** the words that, sent alone, withdraw consent to SMS (CTIA's list, plus OPT OUT) */
export const OPT_OUT_WORDS = ['STOP', 'QUIT', 'END', 'CANCEL', 'UNSUBSCRIBE', 'OPT OUT'] as const;
/** the words that, sent alone, give it back */
export const OPT_IN_WORDS = ['START', 'UNSTOP'] as const;

const OUT = new Set<string>(OPT_OUT_WORDS);
const IN = new Set<string>(OPT_IN_WORDS);

/**
 * What an inbound text asks: the whole text must be one keyword, in any case, with any spaces
 * around it (and between OPT and OUT) and a full stop or exclamation mark after it. "Stop
 * sending me these" is a plain message for a person to read, not an opt-out.
 */
export function inboundKind(text: string): InboundKind {
  const word = text
    .normalize('NFKC')
    .trim()
    .replace(/[.!]+$/, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toUpperCase();
  if (OUT.has(word)) return 'opt_out';
  if (IN.has(word)) return 'opt_in';
  return 'message';
}
