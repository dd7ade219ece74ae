import { ContactCreate } from '@/features/contacts/ContactForm';
import type { CurrencyOption } from '@/features/contacts/copy';
import { AppLayout } from '@/layouts/AppLayout';

export default function CustomersCreate({ currencies }: { currencies: CurrencyOption[] }) {
  return <ContactCreate type="customer" currencies={currencies} />;
}

CustomersCreate.layout = AppLayout;
