import { Head } from '@inertiajs/react';
import type { ItemRow } from '@common/answers/accounting';
import { PageHeader } from '@/components/display/PageHeader';
import { BackLink } from '@/components/record/BackLink';
import { AppLayout } from '@/layouts/AppLayout';
import { ItemForm, type ItemFormProps } from './Create';

export default function ItemsEdit(props: ItemFormProps & { item: ItemRow }) {
  return (
    <>
      <Head title={`Edit item: ${props.item.name}`} />
      <PageHeader title={`Edit item: ${props.item.name}`}>
        <BackLink href="/sales/items">Back to items</BackLink>
      </PageHeader>
      <ItemForm key={props.item.id} {...props} />
    </>
  );
}

ItemsEdit.layout = AppLayout;
