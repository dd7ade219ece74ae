import { formatCount } from '@common/format';
import type { Option } from '@/components/form/options';
import type { AsyncOptions } from '@/components/form/SelectField';

type ContactHit = { id?: number; name?: string; phone?: string | null; email?: string | null };

/**
 * A /contacts/search row as a picker option: the name (else the address) with the channel a
 * message would use beside it. `needs`: a contact without that channel is shown but cannot be
 * chosen (an SMS to someone with no phone).
 */
export function contactOption(row: unknown, prefer: 'phone' | 'email' = 'phone', needs?: 'phone' | 'email'): Option | null {
  const r = row as ContactHit;
  if (typeof r?.id !== 'number') return null;
  const other = prefer === 'phone' ? 'email' : 'phone';
  const reach = r[prefer] || r[other] || null;
  const label = r.name || reach || `#${r.id}`;
  if (needs && !r[needs]) return { value: r.id, label: `${label} (no ${needs === 'phone' ? 'phone' : 'e-mail'})`, disabled: true };
  return { value: r.id, label: r.name && reach ? `${label} · ${needs ? r[needs] : reach}` : label };
}

/** A /segments/json row as a picker option: its name and, when known, how many it holds. */
export function segmentOption(row: unknown): Option | null {
  const r = row as { id?: number; name?: string; size?: number | null };
  if (typeof r?.id !== 'number') return null;
  return { value: r.id, label: typeof r.size === 'number' ? `${r.name} (${formatCount(r.size)})` : String(r.name) };
}

/** Segments by name, searched as the user types. */
export const SEGMENT_LOOKUP: AsyncOptions = { url: '/segments/json', params: { sort_by: 'name', sort_order: 'asc' }, map: segmentOption };

/** Contacts by name, phone or e-mail, searched as the user types. */
export const contactLookup = (prefer: 'phone' | 'email' = 'phone', needs?: 'phone' | 'email'): AsyncOptions => ({
  url: '/contacts/search',
  map: (row: unknown) => contactOption(row, prefer, needs),
});
