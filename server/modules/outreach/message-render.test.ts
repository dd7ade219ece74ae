import { describe, expect, it } from 'vitest';
import { compileMessage, MESSAGE_VARIABLES, MessageTemplateError, messageVariables, type RenderContact } from './message-render.js';

const amina: RenderContact = { first_name: 'Amina', last_name: 'Otieno', phone: '+254712345678', email: 'amina@example.test', custom: { region: 'Coast', visits: 3 } };
const bare: RenderContact = { first_name: null, last_name: null, phone: '+254700000001', email: null, custom: {} };
const KEYS = ['region', 'visits'] as const;

const refusal = (body: string, keys: readonly string[] = KEYS) => {
  try {
    compileMessage(body, keys);
  } catch (err) {
    expect(err).toBeInstanceOf(MessageTemplateError);
    return (err as Error).message;
  }
  throw new Error(`"${body}" compiled`);
};

describe('variables', () => {
  it('renders every contact field, name being both names joined', () => {
    const m = compileMessage('{{ first_name }}|{{ last_name }}|{{ name }}|{{ phone }}|{{ email }}|{{ custom.region }}|{{ custom.visits }}', KEYS);
    expect(m.personalised).toBe(true);
    expect(m.variables).toEqual([...MESSAGE_VARIABLES, 'custom.region', 'custom.visits']);
    expect(m.render(amina)).toBe('Amina|Otieno|Amina Otieno|+254712345678|amina@example.test|Coast|3');
  });

  it('renders a missing value empty, and name without stray spaces', () => {
    const m = compileMessage('Hi {{ first_name }}! [{{ name }}] {{ email }}{{ custom.region }}.', KEYS);
    expect(m.render(bare)).toBe('Hi ! [] .');
    expect(m.render({ ...bare, last_name: 'Otieno' })).toContain('[Otieno]');
    expect(m.render({ ...bare, first_name: 'Amina' })).toContain('[Amina]');
  });

  it('lists each variable once, in the order they first appear', () => {
    expect(compileMessage('{{ custom.region }} {{ name }} {{ custom.region }} {{ name | upcase }}', KEYS).variables).toEqual(['custom.region', 'name']);
  });

  it('allows filters and tags over the variables', () => {
    const m = compileMessage('{{ first_name | default: "friend" | upcase }}{% if custom.visits > 2 %}, welcome back{% endif %}.', KEYS);
    expect(m.render(amina)).toBe('AMINA, welcome back.');
    expect(m.render(bare)).toBe('FRIEND.');
    expect(compileMessage('{% assign greeting = "Jambo " | append: first_name %}{{ greeting }}', KEYS).render(amina)).toBe('Jambo Amina');
  });

  it('does not count the names a template makes itself as contact fields', () => {
    const m = compileMessage('{% capture who %}{{ name }}{% endcapture %}{% for i in (1..2) %}{{ forloop.index }}{{ who }}{% endfor %}', KEYS);
    expect(m.variables).toEqual(['name']);
    expect(m.render(amina)).toBe('1Amina Otieno2Amina Otieno');
  });

  it('reads only the contact’s own values, never what objects inherit', () => {
    expect(compileMessage('[{{ first_name.constructor }}][{{ custom.region.__proto__ }}][{{ custom.region.size }}]', KEYS).render(amina)).toBe('[][][5]');
  });
});

describe('a text without variables', () => {
  it('is not personalised and renders as written, with no Liquid', () => {
    const body = 'Our offices close at 5pm today. Reply STOP to opt out. {not liquid} 50% off';
    const m = compileMessage(body, []);
    expect(m).toMatchObject({ personalised: false, variables: [] });
    expect(m.render(amina)).toBe(body);
    expect(m.render(bare)).toBe(body);
  });

  it('renders Liquid without variables once, the same for everyone', () => {
    const m = compileMessage('{{ "sale" | upcase }} {% raw %}{{ first_name }}{% endraw %}', []);
    expect(m).toMatchObject({ personalised: false, variables: [] });
    expect(m.render(amina)).toBe('SALE {{ first_name }}');
  });
});

describe('refusals, in words', () => {
  it('names a variable that is not a contact field', () => {
    expect(refusal('Hi {{ frist_name }}')).toBe('The message uses {{ frist_name }}, which is not a contact field.');
    expect(refusal('{{ custom.zone }} {{ nickname }}')).toBe('The message uses {{ custom.zone }} and {{ nickname }}, which are not contact fields.');
    // a custom field of another company (or one deleted since) is unknown here
    expect(refusal('{{ custom.region }}', [])).toBe('The message uses {{ custom.region }}, which is not a contact field.');
    expect(refusal('{{ constructor }}')).toContain('{{ constructor }}');
  });

  it('asks for a fixed field key under custom', () => {
    expect(refusal('{{ custom }}')).toBe('{{ custom }} needs the key of a contact field, e.g. {{ custom.region }}.');
    expect(refusal('{{ custom[first_name] }}')).toMatch(/fixed key/);
  });

  it('explains syntax errors with where they are', () => {
    expect(refusal('Hi {{ first_name')).toBe('"{{ first_name" is not closed: end it with }} (line 1, column 4).');
    expect(refusal('Hi\n{% if first_name %}there')).toBe('{% if %} has no matching {% endif %} (line 2, column 1).');
    expect(refusal('{% endif %}')).toMatch(/closes a tag that was never opened/);
    expect(refusal('{{ name | upcas }}')).toMatch(/^There is no filter called "upcas"/);
    expect(refusal('{% bogus %}')).toBe('There is no tag called "bogus" (line 1, column 1).');
    expect(refusal('{{ }}')).toMatch(/^An empty \{\{ \}\} shows nothing/);
  });

  it('refuses includes: a message reads no files', () => {
    for (const tag of ['include', 'render', 'layout']) expect(refusal(`{% ${tag} "/etc/passwd" %}`)).toMatch(/^Messages cannot include other templates/);
    // nor through the liquid tag, which reads its lines with the same tags
    expect(refusal('{% liquid include "/etc/passwd" %}')).toMatch(/^Messages cannot include other templates/);
  });

  it('stops a rendering that would build something huge', () => {
    const m = compileMessage('{% for i in (1..5000000) %}{{ first_name }}{% endfor %}', KEYS);
    expect(() => m.render(amina)).toThrow(MessageTemplateError);
    expect(() => m.render(amina)).toThrow(/too much work/);
  });
});

describe('rendering many recipients', () => {
  it('renders from the one parse, each contact with its own values', () => {
    const m = compileMessage('{{ first_name | split: "" | join: "." }} in {{ custom.region | default: "Kenya" }}', KEYS);
    const out = Array.from({ length: 2000 }, (_, i) => m.render({ ...bare, first_name: `P${i}`, custom: i % 2 ? { region: 'Coast' } : {} }));
    expect(out[0]).toBe('P.0 in Kenya');
    expect(out[1999]).toBe('P.1.9.9.9 in Coast');
  });

  it('renders synchronously: a string, not a promise', () => {
    expect(typeof compileMessage('{{ name }}', []).render(amina)).toBe('string');
  });
});

describe('messageVariables (showing a stored text)', () => {
  it('lists the names without checking them, and none for a text that does not parse', () => {
    expect(messageVariables('Hi {{ first_name }} {{ custom.gone }}')).toEqual(['first_name', 'custom.gone']);
    expect(messageVariables('plain')).toEqual([]);
    expect(messageVariables('{{ broken')).toEqual([]);
  });
});

describe('HTML format (e-mail bodies)', () => {
  const html = (body: string, keys: string[] = []) => compileMessage(body, keys, { html: true });
  const evil: RenderContact = { first_name: '<script>alert("x")</script>', last_name: "O'Neil & co", phone: null, email: null, custom: { note: '<b>hi</b>' } };

  it('escapes every value it writes, filters and defaults included; the plain format does not', () => {
    expect(html('<p>{{ first_name }} {{ last_name | upcase }} {{ custom.note }}</p>', ['note']).render(evil)).toBe(
      '<p>&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; O&#39;NEIL &amp; CO &lt;b&gt;hi&lt;/b&gt;</p>',
    );
    expect(html('{{ phone | default: "<i>none</i>" }}').render(evil)).toBe('&lt;i&gt;none&lt;/i&gt;');
    expect(compileMessage('{{ first_name }}', []).render(evil)).toBe('<script>alert("x")</script>');
  });

  it('refuses the raw filter and the raw tag, which would write unescaped text', () => {
    expect(() => html('{{ first_name | raw }}')).toThrow('There is no filter called "raw"');
    expect(() => html('{% raw %}<b>{% endraw %}')).toThrow('{% raw %} is not available in e-mails');
    // the plain format keeps both
    expect(compileMessage('{% raw %}{{ x }}{% endraw %}', []).render(evil)).toBe('{{ x }}');
  });
});
