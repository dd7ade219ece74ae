import type { CurrencyOption } from '@/components/money/currencies';
import { ContactsIndex } from '@/features/contacts/ContactsIndex';
import { AppLayout } from '@/layouts/AppLayout';

export default function VendorsIndex({ currencies }: { currencies?: CurrencyOption[] }) {
  return <ContactsIndex type="vendor" currencies={currencies} />;
}

VendorsIndex.layout = AppLayout;
