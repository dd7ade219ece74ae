import { Head } from '@inertiajs/react';
import type { ItemRow } from '@common/answers/accounting';
import { PageHeader } from '@/components/display/PageHeader';
import { AppLayout } from '@/layouts/AppLayout';
import { BackTo } from '../Customers/Create';
import { ItemForm, type ItemFormProps } from './Create';

export default function ItemsEdit(props: ItemFormProps & { item: ItemRow }) {
  return (
    <>
      <Head title={`Edit item: ${props.item.name}`} />
      <PageHeader title={`Edit item: ${props.item.name}`}>
        <BackTo href="/sales/items" label="Back to items" />
      </PageHeader>
      <ItemForm key={props.item.id} {...props} />
    </>
  );
}

ItemsEdit.layout = AppLayout;
