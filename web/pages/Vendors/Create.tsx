import { ContactCreate } from '@/features/contacts/ContactForm';
import type { CurrencyOption } from '@/features/contacts/copy';
import { AppLayout } from '@/layouts/AppLayout';

export default function VendorsCreate({ currencies }: { currencies: CurrencyOption[] }) {
  return <ContactCreate type="vendor" currencies={currencies} />;
}

VendorsCreate.layout = AppLayout;
