import type { CurrencyFormat } from '@common/money';
import { ContactsIndex } from '@/features/contacts/ContactsIndex';
import { AppLayout } from '@/layouts/AppLayout';

export default function VendorsIndex({ currency }: { currency?: CurrencyFormat }) {
  return <ContactsIndex type="vendor" currency={currency} />;
}

VendorsIndex.layout = AppLayout;
