import type { CurrencyOption } from '@/components/money/currencies';
import { ContactsIndex } from '@/features/contacts/ContactsIndex';
import { AppLayout } from '@/layouts/AppLayout';

export default function CustomersIndex({ currencies }: { currencies?: CurrencyOption[] }) {
  return <ContactsIndex type="customer" currencies={currencies} />;
}

CustomersIndex.layout = AppLayout;
