import { AppLayout } from '@/layouts/AppLayout';
import { ContactCreate } from '../Customers/Create';
import type { CurrencyOption } from '../Customers/contact-pages';

export default function VendorsCreate({ currencies }: { currencies: CurrencyOption[] }) {
  return <ContactCreate type="vendor" currencies={currencies} />;
}

VendorsCreate.layout = AppLayout;
