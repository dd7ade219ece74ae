import { Head } from '@inertiajs/react';
import { PageHeader } from '@/components/display/PageHeader';
import { BackLink } from '@/components/record/BackLink';
import { TemplateEditor } from '@/features/email-templates/TemplateEditor';
import { AppLayout } from '@/layouts/AppLayout';

/** Email/Templates/Create (PAGES.md): a new template, designed in the visual editor. */
export default function EmailTemplatesCreate() {
  return (
    <>
      <Head title="New email template" />
      <PageHeader title="New email template" description="Drag blocks onto the e-mail, write in them, and insert variables where each contact's details go.">
        <BackLink href="/email/templates">Email templates</BackLink>
      </PageHeader>
      <TemplateEditor template={null} />
    </>
  );
}

EmailTemplatesCreate.layout = AppLayout;
