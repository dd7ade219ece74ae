import { Head, router } from '@inertiajs/react';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { organiserSchema } from '@common/schemas/campaigns';
import { Card } from '@/components/display/Card';
import { ErrorAlert } from '@/components/display/ErrorAlert';
import { PageHeader } from '@/components/display/PageHeader';
import { SelectField } from '@/components/form/SelectField';
import { SubmitButton } from '@/components/form/SubmitButton';
import { TextField } from '@/components/form/TextFields';
import { useZodForm } from '@/components/form/useZodForm';
import { BackLink } from '@/components/record/BackLink';
import { useCreateOrganiserMutation } from '@/features/campaigns/api';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage } from '@/lib/errors';
import { SHORT_TOAST } from '@/lib/toasts';

type Values = { campaign_id: number | null; user_id: number | null; name: string | null; email: string | null; phone: string | null; role: string };

/** Campaigns/Organisers/Create (PAGES.md /organisers/create): a member of the company or an outside person, with a role. */
export default function OrganisersCreate({ campaigns, members }: { campaigns: { id: number; name: string }[]; members: { id: number; name: string; email: string }[] }) {
  const campaignId = Number(new URLSearchParams(typeof window === 'undefined' ? '' : window.location.search).get('campaign_id')) || null;
  const form = useZodForm<Values>(organiserSchema, { campaign_id: campaignId, user_id: null, name: null, email: null, phone: null, role: 'organiser' });
  const [create] = useCreateOrganiserMutation();
  const [failure, setFailure] = useState<string | null>(null);
  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setFailure(null);
    try {
      const answer = await form.submitWith((data) => create(data as never).unwrap(), e.currentTarget);
      if (answer) {
        toast.success(answer.message, SHORT_TOAST);
        router.visit('/organisers');
      }
    } catch (err) {
      setFailure(errorMessage(err, 'The organiser could not be saved.'));
    }
  }
  return (
    <>
      <Head title="New organiser" />
      <PageHeader title="New organiser">
        <BackLink href="/organisers">Back to organisers</BackLink>
      </PageHeader>
      <Card className="max-w-2xl">
        <form onSubmit={(e) => void save(e)} noValidate className="flex flex-col gap-4">
          {failure && <ErrorAlert>{failure}</ErrorAlert>}
          <SelectField form={form} name="campaign_id" label="Campaign" required placeholder="Choose a campaign" options={campaigns.map((c) => ({ value: c.id, label: c.name }))} />
          <SelectField form={form} name="user_id" label="Member of the company" placeholder="An outside person" options={members.map((m) => ({ value: m.id, label: `${m.name} (${m.email})` }))} hint="A member sees and manages the events they organise." />
          {!form.data.user_id && (
            <>
              <TextField form={form} name="name" label="Name" required maxLength={200} />
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField form={form} name="email" type="email" label="Email" dir="ltr" />
                <TextField form={form} name="phone" label="Phone" dir="ltr" />
              </div>
            </>
          )}
          <TextField form={form} name="role" label="Role" required maxLength={100} hint="Lead, volunteer, speaker…" />
          <SubmitButton form={form}>Add organiser</SubmitButton>
        </form>
      </Card>
    </>
  );
}

OrganisersCreate.layout = AppLayout;
