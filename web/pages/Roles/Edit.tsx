import { Head } from '@inertiajs/react';
import { PageHeader } from '@/components/display/PageHeader';
import { BackLink } from '@/components/record/BackLink';
import { AppLayout } from '@/layouts/AppLayout';
import { RoleForm, type EditableRole } from './Create';

export default function RolesEdit({ role }: { role: EditableRole }) {
  const owner = role.built_in && role.slug === 'owner';
  return (
    <>
      <Head title={`Role: ${role.name}`} />
      <PageHeader title={owner ? role.name : `Edit role: ${role.name}`}>
        <BackLink href="/roles">Back to roles</BackLink>
      </PageHeader>
      <RoleForm key={role.id} role={role} />
    </>
  );
}

RolesEdit.layout = AppLayout;
