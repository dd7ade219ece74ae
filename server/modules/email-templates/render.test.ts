import { describe, expect, it } from 'vitest';
import { compileEmailSource, compileEmailTemplate, EmailTemplateError, withPreheader, type RenderContact } from './render.js';

const doc = (body: string, head = '') => `<mjml>${head}<mj-body><mj-section><mj-column>${body}</mj-column></mj-section></mj-body></mjml>`;
const contact = (over: Partial<RenderContact> = {}): RenderContact => ({ first_name: 'Amina', last_name: 'Otieno', phone: '+254712345678', email: 'amina@example.com', custom: {}, ...over });

async function refusal(p: Promise<unknown>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(EmailTemplateError);
  return (err as EmailTemplateError).errors;
}

describe('compileEmailSource', () => {
  it('compiles MJML to a responsive document with its variables and a text part', async () => {
    const out = await compileEmailSource({ subject: 'Hello {{ first_name }}', preheader: 'News for {{ custom.region }}', mjml: doc('<mj-text>Dear {{ first_name | default: "friend" }},<br/>welcome.</mj-text><mj-button href="https://kazi.example/e?m={{ email }}">Open</mj-button>') }, ['region']);
    expect(out.html).toMatch(/^<!doctype html>/);
    expect(out.html).toContain('@media only screen');
    expect(out.html).toContain('{{ first_name | default: "friend" }}');
    expect(out.html).toContain('href="https://kazi.example/e?m={{ email }}"');
    expect(out.html).toContain('<!--[if mso | IE]><table');
    expect(out.variables).toEqual(['first_name', 'custom.region', 'email']);
    expect(out.text).toContain('Dear {{ first_name | default: "friend" }},\nwelcome.');
    expect(out.text).toContain('Open (https://kazi.example/e?m={{ email }})');
    expect(out.text).not.toContain('@media');
  });

  it('refuses invalid MJML with its line and words', async () => {
    expect((await refusal(compileEmailSource({ subject: 'S', mjml: doc('<mj-text foo="x">Hi</mj-text>') }, []))).mjml![0]).toMatch(/Line 1 \(mj-text\): Attribute foo is illegal/);
    expect((await refusal(compileEmailSource({ subject: 'S', mjml: '<div>not mjml</div>' }, []))).mjml![0]).toMatch(/starts with <mjml>/);
    expect((await refusal(compileEmailSource({ subject: 'S', mjml: doc('<mj-bogus>x</mj-bogus>') }, []))).mjml![0]).toMatch(/mj-bogus/);
  });

  it('refuses unknown variables in the subject and body, and {% raw %} or | raw in HTML', async () => {
    expect((await refusal(compileEmailSource({ subject: 'Hi {{ frist_name }}', mjml: doc('<mj-text>x</mj-text>') }, []))).subject![0]).toMatch(/frist_name/);
    expect((await refusal(compileEmailSource({ subject: 'S', mjml: doc('<mj-text>{{ custom.nope }}</mj-text>') }, ['region']))).mjml![0]).toMatch(/custom\.nope/);
    expect((await refusal(compileEmailSource({ subject: 'S', mjml: doc('<mj-text>{{ first_name | raw }}</mj-text>') }, []))).mjml![0]).toMatch(/no filter called "raw"/);
    expect((await refusal(compileEmailSource({ subject: 'S', mjml: doc('<mj-text>{% raw %}{{ <script>alert(1)</script> }}{% endraw %}</mj-text>') }, []))).mjml![0]).toMatch(/raw/);
  });

  it('strips script, event handlers, javascript: URLs, frames, forms, links to style sheets and CSS expressions', async () => {
    const out = await compileEmailSource(
      {
        subject: 'S',
        mjml: doc(
          `<mj-text><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">a</a><a href="JaVaScRiPt:alert(4)">b</a><iframe src="https://evil.example"></iframe><form action="https://evil.example"><input></form><svg onload="alert(5)"></svg><p style="background:url(javascript:alert(6))">p</p><p style="width:expression(alert(7))">q</p><object data="x"></object></mj-text>` +
            `<mj-button href="javascript:alert(8)">Go</mj-button><mj-image src="javascript:alert(9)" />`,
          '<mj-head><mj-style>@import url(https://evil.example/x.css); .a { background: url(javascript:alert(10)) }</mj-style><mj-font name="Roboto" href="https://fonts.example/roboto.css" /></mj-head>',
        ),
      },
      [],
    );
    for (const bad of ['<script', 'onerror', 'onload', 'javascript:', '<iframe', '<form', '<input', '<svg', 'expression(', '<object', '@import', '<link']) expect(out.html.toLowerCase()).not.toContain(bad);
    expect(out.html).toContain('>a</a>');
  });

  it('keeps an Outlook block only when it holds tables and Office tags', async () => {
    const out = await compileEmailSource({ subject: 'S', mjml: doc('<mj-raw><!--[if mso]><script>alert(1)</script><![endif]--></mj-raw><mj-text>x</mj-text>') }, []);
    expect(out.html).not.toContain('alert(1)');
    expect(out.html).toContain('<!--[if mso | IE]><table');
  });

  it('refuses a link that starts with a variable and variables in a style sheet', async () => {
    expect((await refusal(compileEmailSource({ subject: 'S', mjml: doc('<mj-button href="{{ custom.link }}">Go</mj-button>') }, ['link']))).mjml![0]).toMatch(/cannot start with a variable/);
    expect((await refusal(compileEmailSource({ subject: 'S', mjml: doc('<mj-text><a href=" {{ custom.link }}">Go</a></mj-text>') }, ['link']))).mjml![0]).toMatch(/cannot start with a variable/);
    expect((await refusal(compileEmailSource({ subject: 'S', mjml: doc('<mj-text>x</mj-text>', '<mj-head><mj-style>.a { color: {{ custom.c }} }</mj-style></mj-head>') }, ['c']))).mjml![0]).toMatch(/style sheet/);
  });

  it('puts the preheader in the head, escaped', () => {
    expect(withPreheader('<mjml><mj-body></mj-body></mjml>', 'A & <b>')).toBe('<mjml><mj-head><mj-preview>A &amp; &lt;b&gt;</mj-preview></mj-head><mj-body></mj-body></mjml>');
    expect(withPreheader('<mjml><mj-head><mj-preview>old</mj-preview></mj-head><mj-body></mj-body></mjml>', null)).toBe('<mjml><mj-head></mj-head><mj-body></mj-body></mjml>');
  });
});

describe('compileEmailTemplate', () => {
  it('escapes variable values in the HTML, leaves them plain in the text and keeps the subject to one line', async () => {
    const source = await compileEmailSource({ subject: 'Hi {{ first_name }}', mjml: doc('<mj-text>Dear {{ first_name }} from {{ custom.region }}</mj-text><mj-button href="https://kazi.example/?n={{ first_name }}">Go</mj-button>') }, ['region']);
    const render = compileEmailTemplate({ subject: 'Hi {{ first_name }}', html: source.html, text: source.text }, ['region']);
    const evil = '<script>alert("x")</script>"><img src=x onerror=alert(1)>';
    const out = render(contact({ first_name: `${evil}\r\nBcc: a@b.c`, custom: { region: '<b>Coast</b>' } }));
    expect(out.html).not.toContain('<script>alert');
    expect(out.html).not.toContain('<img src=x');
    expect(out.html).toContain('Dear &lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;&#34;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(out.html).toContain('from &lt;b&gt;Coast&lt;/b&gt;');
    expect(out.html).toContain('href="https://kazi.example/?n=&lt;script&gt;');
    expect(out.text).toContain(`Dear ${evil}`);
    expect(out.subject).toBe(`Hi ${evil} Bcc: a@b.c`);
    expect(render(contact({ first_name: null })).text).toContain('Dear  from');
  });

  it('refuses a stored template whose field was deleted since', async () => {
    const source = await compileEmailSource({ subject: 'S', mjml: doc('<mj-text>{{ custom.region }}</mj-text>') }, ['region']);
    expect(() => compileEmailTemplate({ subject: 'S', html: source.html, text: source.text }, [])).toThrow(EmailTemplateError);
  });
});
