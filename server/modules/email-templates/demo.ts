import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { DemoCompany } from '../kazi-module.js';
import { loadContactFields } from '../outreach/fields.js';
import { compileEmailSource } from './render.js';

const FONT = 'Helvetica, Arial, sans-serif';

const head = (accent: string) => `<mj-head>
    <mj-attributes>
      <mj-all font-family="${FONT}" />
      <mj-text font-size="15px" line-height="1.6" color="#334155" />
      <mj-button background-color="${accent}" color="#ffffff" font-size="15px" font-weight="bold" border-radius="6px" inner-padding="12px 28px" />
    </mj-attributes>
  </mj-head>`;

/** Three templates people send: a monthly newsletter, an event invitation, a thank-you. No image: the demo works offline. */
const TEMPLATES = [
  {
    name: 'Monthly newsletter',
    subject: '{{ first_name | default: "Friend" }}, what your support built this month',
    preheader: 'Clean water in Kibera, 40 new volunteers and a date for your diary.',
    mjml: `<mjml>
  ${head('#0f766e')}
  <mj-body background-color="#f1f5f9">
    <mj-section background-color="#0f766e" padding="28px 24px">
      <mj-column>
        <mj-text color="#ccfbf1" font-size="13px" letter-spacing="2px" align="center">KAZI FOUNDATION · NEWSLETTER</mj-text>
        <mj-text color="#ffffff" font-size="28px" font-weight="bold" align="center" line-height="1.25">Water flows in Kibera</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="24px">
      <mj-column>
        <mj-text>Dear {{ first_name | default: "friend" }},</mj-text>
        <mj-text>Thanks to people like you, the Kibera water project is finished: three kiosks now serve 4,000 families with clean, affordable water, a short walk from home.</mj-text>
        <mj-button href="https://kazi.example/kibera">See what your gift built</mj-button>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="0 24px 24px">
      <mj-column background-color="#f0fdfa" padding="16px" border-radius="8px">
        <mj-text font-size="26px" font-weight="bold" color="#0f766e" align="center">4,000</mj-text>
        <mj-text align="center" font-size="13px">families with clean water</mj-text>
      </mj-column>
      <mj-column background-color="#f0fdfa" padding="16px" border-radius="8px">
        <mj-text font-size="26px" font-weight="bold" color="#0f766e" align="center">40</mj-text>
        <mj-text align="center" font-size="13px">new volunteers this month</mj-text>
      </mj-column>
    </mj-section>
    <mj-section padding="16px 24px">
      <mj-column>
        <mj-text font-size="12px" color="#64748b" align="center">You receive this as a {{ custom.membership | default: "supporter" }} of Kazi Foundation.</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`,
  },
  {
    name: 'Event invitation',
    subject: 'You are invited: Community Day, Saturday 10:00',
    preheader: 'Music, food and the year in pictures. Bring the family.',
    mjml: `<mjml>
  ${head('#7c3aed')}
  <mj-body background-color="#faf5ff">
    <mj-section background-color="#4c1d95" padding="36px 24px">
      <mj-column>
        <mj-text color="#ddd6fe" font-size="13px" letter-spacing="2px" align="center">YOU ARE INVITED</mj-text>
        <mj-text color="#ffffff" font-size="30px" font-weight="bold" align="center" line-height="1.2">Community Day</mj-text>
        <mj-text color="#ede9fe" font-size="16px" align="center">Saturday · 10:00 to 16:00 · Uhuru Park, Nairobi</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="24px">
      <mj-column>
        <mj-text>Hello {{ first_name | default: "there" }},</mj-text>
        <mj-text>Join us for a day of music, food and stories from the year. Your household of {{ custom.household | default: 1 }} is welcome: children's corner, free water and shade for everyone.</mj-text>
        <mj-button href="https://kazi.example/community-day?rsvp={{ email }}">Reply: I'm coming</mj-button>
        <mj-divider border-color="#ede9fe" border-width="2px" />
        <mj-text font-size="13px" color="#64748b">Cannot make it? Reply to this e-mail and we will send you the pictures.</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`,
  },
  {
    name: 'Thank you for your gift',
    subject: 'Thank you, {{ first_name | default: "friend" }}',
    preheader: 'Your gift is already at work.',
    mjml: `<mjml>
  ${head('#b45309')}
  <mj-body background-color="#fffbeb">
    <mj-section background-color="#ffffff" padding="32px 24px" border-top="6px solid #f59e0b">
      <mj-column>
        <mj-text font-size="24px" font-weight="bold" color="#78350f">Thank you, {{ name | default: "friend" }}.</mj-text>
        <mj-text>Your gift is already at work: it pays for school meals, water kiosks and the training of local volunteers. We will write again to show you what it made possible.</mj-text>
        <mj-button href="https://kazi.example/impact">See our impact</mj-button>
        <mj-text font-size="13px" color="#92400e">With gratitude,<br />The Kazi Foundation team</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`,
  },
];

/** The demo company's e-mail templates, compiled and sanitised by the same code as a save. */
export async function seedDemoEmailTemplates(tx: Tx, demo: DemoCompany) {
  const keys = (await loadContactFields(tx, demo.tenantId)).map((f) => f.key);
  for (const tpl of TEMPLATES) {
    const compiled = await compileEmailSource(tpl, keys);
    await tx.execute(sql`insert into email_templates (tenant_id, name, subject, preheader, mjml, html, text, variables, created_by)
      values (${demo.tenantId}, ${tpl.name}, ${tpl.subject}, ${tpl.preheader}, ${tpl.mjml}, ${compiled.html}, ${compiled.text}, ${sql.param(compiled.variables)}::text[], ${demo.ownerId})`);
  }
}
