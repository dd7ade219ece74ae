import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import type { ContactFieldDef } from './fields.js';
import type { RenderContact } from './message-render.js';
import { outreachContacts as c } from './schema.js';

// The contacts a message template's preview renders for (SMS and e-mail templates alike).

/** What a sample contact's field holds in a preview: something of the field's type. */
function sampleValue(field: ContactFieldDef): string | number {
  switch (field.type) {
    case 'number':
      return 3;
    case 'date':
      return new Date().toISOString().slice(0, 10);
    case 'choice':
      return field.choices[0] ?? field.label;
    default:
      return field.label;
  }
}

/** The contact a preview renders for when none is chosen. */
export function sampleContact(fields: readonly ContactFieldDef[]): RenderContact {
  return {
    first_name: 'Amina',
    last_name: 'Otieno',
    phone: '+254712345678',
    email: 'amina.otieno@example.com',
    custom: Object.fromEntries(fields.map((f) => [f.key, sampleValue(f)])),
  };
}

/** One contact of the company as a template sees it; another company's contact is a 404. */
export async function contactToRender(tx: Tx, tenantId: number, id: number): Promise<RenderContact> {
  const [row] = await tx
    .select({ first_name: c.firstName, last_name: c.lastName, phone: c.phone, email: c.email, custom: c.custom })
    .from(c)
    .where(and(eq(c.tenantId, tenantId), eq(c.id, id)))
    .limit(1);
  if (!row) throw notFound('Contact');
  return row;
}

