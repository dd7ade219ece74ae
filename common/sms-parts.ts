// How a text is counted as SMS parts: one implementation for the server (credits held before a
// send, the preview) and the pages (the live counter of the compose and template forms).
import { SegmentedMessage } from 'sms-segments-calculator';

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface MessageParts {
  encoding: SmsEncoding;
  /** how many SMS the text is sent as (each billed): 160/153 characters a part in GSM-7, 70/67 in UCS-2 */
  parts: number;
  /** the length in the encoding's units: GSM-7 septets (an extension character counts two) or UTF-16 code units */
  units: number;
  /** the units one part holds at this length: 160 or 153 (GSM-7), 70 or 67 (UCS-2) */
  perPart: number;
  /** units left in the last part before another part is needed */
  remaining: number;
  /** the characters that force UCS-2, each once, in the order they first appear */
  unicodeCharacters: string[];
  /** the GSM-7 extension characters (€ [ ] { } ^ ~ | \ and form feed), each counting two */
  extensionCharacters: string[];
}

const EXTENSION = new Set(['\f', '^', '{', '}', '\\', '[', '~', ']', '|', '€']);

/**
 * How a text goes out as SMS, by Twilio's maintained counter (sms-segments-calculator): the
 * encoding, the number of parts and the characters responsible, for the cost preview and the
 * credits reserved before a send.
 */
export function messageParts(text: string): MessageParts {
  const m = new SegmentedMessage(text, 'auto');
  const encoding: SmsEncoding = m.encodingName === 'UCS-2' ? 'UCS-2' : 'GSM-7';
  const units = m.encodedChars.reduce((n, c) => n + c.codeUnits.length, 0);
  const parts = text.length === 0 ? 0 : m.segmentsCount;
  const single = encoding === 'GSM-7' ? 160 : 70;
  const perPart = parts > 1 ? single - (encoding === 'GSM-7' ? 7 : 3) : single;
  const unique = (xs: string[]) => [...new Set(xs)];
  return {
    encoding,
    parts,
    units,
    perPart,
    remaining: parts === 0 ? single : perPart * parts - units,
    unicodeCharacters: encoding === 'UCS-2' ? unique(m.getNonGsmCharacters()) : [],
    extensionCharacters: encoding === 'GSM-7' ? unique(m.graphemes.filter((g) => EXTENSION.has(g))) : [],
  };
}

/** Liquid's outputs and tags ({{ first_name }}, {% if … %}): replaced for each recipient, never sent as written. */
const LIQUID_MARKUP = /\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}/g;

/**
 * The parts of a template's fixed text: the text without its variables and tags, which each
 * recipient's values replace. What every recipient gets at least; the braces of `{{ … }}` are
 * GSM-7 extension characters and would otherwise count twice each. Exact for a text without
 * variables; a preview renders the rest.
 */
export function templateTextParts(body: string): MessageParts {
  return messageParts(body.replace(LIQUID_MARKUP, ''));
}
