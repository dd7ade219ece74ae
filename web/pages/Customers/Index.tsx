import type { CurrencyFormat } from '@common/money';
import { ContactsIndex } from '@/features/contacts/ContactsIndex';
import { AppLayout } from '@/layouts/AppLayout';

export default function CustomersIndex({ currency }: { currency?: CurrencyFormat }) {
  return <ContactsIndex type="customer" currency={currency} />;
}

CustomersIndex.layout = AppLayout;
