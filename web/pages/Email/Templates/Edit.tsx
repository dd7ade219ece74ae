import { Head } from '@inertiajs/react';
import { PageHeader } from '@/components/display/PageHeader';
import { BackLink } from '@/components/record/BackLink';
import { TemplateEditor } from '@/features/email-templates/TemplateEditor';
import { AppLayout } from '@/layouts/AppLayout';
import { useSharedProps } from '@/lib/page';
import type { EmailTemplateFull } from '@/store/email-templates-api';

/** Email/Templates/Edit (PAGES.md): the template in the visual editor, as it was saved. */
export default function EmailTemplatesEdit() {
  const { template } = useSharedProps<{ template: EmailTemplateFull }>();
  return (
    <>
      <Head title={`Edit ${template.name}`} />
      <PageHeader title={template.name} description="Changes are compiled and checked when you save.">
        <BackLink href="/email/templates">Email templates</BackLink>
      </PageHeader>
      <TemplateEditor key={template.id} template={template} />
    </>
  );
}

EmailTemplatesEdit.layout = AppLayout;
