import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { contacts } from '../accounting/schema.js';

// The copy of its contact a document keeps (decision 0011: copied while a draft and when issued).

/** The address a document prints: street, city and country on their own lines. */
export const contactAddress = (c: { address: string | null; city: string | null; country: string | null }) =>
  [c.address, c.city, c.country].map((p) => p?.trim()).filter(Boolean).join('\n') || null;

/** What a document copies of its contact (name, email, tax number, phone, address). */
export async function contactSnapshot(tx: Tx, tenantId: number, contactId: number) {
  const [c] = await tx
    .select({
      type: contacts.type,
      name: contacts.name,
      email: contacts.email,
      phone: contacts.phone,
      taxNumber: contacts.taxNumber,
      currencyCode: contacts.currencyCode,
      address: contacts.address,
      city: contacts.city,
      country: contacts.country,
    })
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, contactId)));
  if (!c) return null;
  const address = contactAddress(c);
  return {
    type: c.type,
    currencyCode: c.currencyCode,
    values: { contact_name: c.name, contact_email: c.email, contact_tax_number: c.taxNumber, contact_phone: c.phone, contact_address: address },
  };
}
