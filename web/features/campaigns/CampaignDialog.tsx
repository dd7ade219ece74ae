import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { CAMPAIGN_STATUSES, campaignSchema } from '@common/schemas/campaigns';
import { statusLabel } from '@/components/display/Badge';
import { ErrorAlert } from '@/components/display/ErrorAlert';
import { Button } from '@/components/form/Button';
import { SelectField } from '@/components/form/SelectField';
import { DateField, TextareaField, TextField } from '@/components/form/TextFields';
import { useZodForm } from '@/components/form/useZodForm';
import { Modal } from '@/components/overlay/Modal';
import { errorMessage } from '@/lib/errors';
import { SHORT_TOAST } from '@/lib/toasts';
import { useCreateCampaignMutation, useUpdateCampaignMutation, type CampaignRow } from './api';

type Values = { name: string; goal: string | null; description: string | null; starts_on: string | null; ends_on: string | null; owner_id: number | null; status: (typeof CAMPAIGN_STATUSES)[number]; budget: string | null };

/** A campaign's form (new or edit) in a modal: name, goal, dates, owner, status and budget in credits. */
export function CampaignDialog({ campaign, members, onClose }: { campaign: CampaignRow | 'new'; members: { id: number; name: string }[]; onClose: () => void }) {
  const editing = campaign !== 'new';
  const form = useZodForm<Values>(campaignSchema, {
    name: editing ? campaign.name : '',
    goal: editing ? campaign.goal : null,
    description: editing ? campaign.description : null,
    starts_on: editing ? campaign.starts_on : null,
    ends_on: editing ? campaign.ends_on : null,
    owner_id: editing ? campaign.owner_id : null,
    status: editing ? campaign.status : 'draft',
    budget: editing ? campaign.budget : null,
  });
  const [create] = useCreateCampaignMutation();
  const [update] = useUpdateCampaignMutation();
  const [failure, setFailure] = useState<string | null>(null);
  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setFailure(null);
    try {
      const answer = await form.submitWith((data) => (editing ? update({ id: campaign.id, ...data }) : create(data)).unwrap(), e.currentTarget);
      if (answer) {
        toast.success(answer.message, SHORT_TOAST);
        onClose();
      }
    } catch (err) {
      setFailure(errorMessage(err, 'The campaign could not be saved.'));
    }
  }
  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={editing ? `Edit ${campaign.name}` : 'New campaign'}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="campaign-form" busy={form.processing} disabled={form.processing}>
            {editing ? 'Save' : 'Create campaign'}
          </Button>
        </>
      }
    >
      <form id="campaign-form" onSubmit={(e) => void save(e)} noValidate className="flex flex-col gap-4">
        {failure && <ErrorAlert>{failure}</ErrorAlert>}
        <TextField form={form} name="name" label="Name" required maxLength={200} autoFocus />
        <TextField form={form} name="goal" label="Goal" maxLength={1000} />
        <TextareaField form={form} name="description" label="Description" rows={3} />
        <div className="grid gap-4 sm:grid-cols-2">
          <DateField form={form} name="starts_on" label="Starts on" />
          <DateField form={form} name="ends_on" label="Ends on" />
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField form={form} name="status" label="Status" options={CAMPAIGN_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))} />
          <SelectField form={form} name="owner_id" label="Owner" placeholder="Me" options={members.map((m) => ({ value: m.id, label: m.name }))} />
          <TextField form={form} name="budget" label="Budget (credits)" inputMode="decimal" dir="ltr" />
        </div>
      </form>
    </Modal>
  );
}
