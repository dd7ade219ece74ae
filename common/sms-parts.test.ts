import { describe, expect, it } from 'vitest';
import { messageParts, templateTextParts } from './sms-parts.js';

describe('a template’s fixed text', () => {
  it('leaves the variables and tags out of the count', () => {
    const body = 'Karibu {{ first_name }} from {{ custom.region }}{% if name %}!{% endif %}';
    expect(templateTextParts(body)).toEqual(messageParts('Karibu  from !'));
    expect(templateTextParts(body).extensionCharacters).toEqual([]);
    expect(templateTextParts(body).remaining).toBe(160 - 14);
  });

  it('is the text itself without variables, braces and all', () => {
    expect(templateTextParts('Price {5} € 😀')).toEqual(messageParts('Price {5} € 😀'));
    expect(templateTextParts('Hi 😀 {{ name }}').encoding).toBe('UCS-2');
    // an unclosed output is text as far as the count goes
    expect(templateTextParts('Hi {{ name').units).toBe(messageParts('Hi {{ name').units);
  });
});
