import { router } from '@inertiajs/react';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { isoLocalDateTime } from '@common/format';
import { EVENT_STATUSES, eventSchema } from '@common/schemas/campaigns';
import { statusLabel } from '@/components/display/Badge';
import { Card } from '@/components/display/Card';
import { ErrorAlert } from '@/components/display/ErrorAlert';
import { SubmitButton } from '@/components/form/SubmitButton';
import { NumberField, TextareaField, TextField } from '@/components/form/TextFields';
import { SelectField } from '@/components/form/SelectField';
import { useZodForm } from '@/components/form/useZodForm';
import { ImageField } from '@/features/cms/ImageField';
import { errorMessage } from '@/lib/errors';
import { SHORT_TOAST } from '@/lib/toasts';
import { skipToken } from '@reduxjs/toolkit/query';
import { useCreateEventMutation, useGetOrganisersQuery, useUpdateEventMutation, type EventRow } from './api';

export type EventFormOptions = { campaigns: { id: number; name: string }[]; groups: { id: number; name: string }[]; timezone: string };

type Values = {
  name: string;
  description: string | null;
  campaign_id: number | null;
  group_id: number | null;
  venue: string | null;
  address: string | null;
  online_url: string | null;
  starts_at: string;
  ends_at: string;
  capacity: number | null;
  status: (typeof EVENT_STATUSES)[number];
  cover_media_id: number | null;
};

/** Events/Create and Events/Edit: the event's fields, its times in the company's timezone, its cover image from the media library. */
export function EventForm({ event, options }: { event?: EventRow; options: EventFormOptions }) {
  const zone = event?.timezone ?? options.timezone;
  const params = new URLSearchParams(typeof window === 'undefined' ? '' : window.location.search);
  const form = useZodForm<Values>(eventSchema, {
    name: event?.name ?? '',
    description: event?.description ?? null,
    campaign_id: event?.campaign_id ?? (Number(params.get('campaign_id')) || null),
    group_id: event?.group_id ?? (Number(params.get('group_id')) || null),
    venue: event?.venue ?? null,
    address: event?.address ?? null,
    online_url: event?.online_url ?? null,
    starts_at: event ? isoLocalDateTime(event.starts_at, zone) : '',
    ends_at: event ? isoLocalDateTime(event.ends_at, zone) : '',
    capacity: event?.capacity ?? null,
    status: event?.status ?? 'draft',
    cover_media_id: event?.cover_media_id ?? null,
  });
  const [create] = useCreateEventMutation();
  const [update] = useUpdateEventMutation();
  const [failure, setFailure] = useState<string | null>(null);
  // who organises it: organisers of its campaign (they then see and manage it)
  const [organiserIds, setOrganiserIds] = useState<number[]>(event?.organiser_ids ?? []);

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setFailure(null);
    try {
      const answer = await form.submitWith((data) => {
          const organiser_ids = data.campaign_id ? organiserIds : [];
          return (event ? update({ id: event.id, ...data, organiser_ids }) : create({ ...data, organiser_ids })).unwrap();
        }, e.currentTarget);
      if (answer) {
        toast.success(answer.message, SHORT_TOAST);
        router.visit(`/events/${answer.data.id}`);
      }
    } catch (err) {
      setFailure(errorMessage(err, 'The event could not be saved.'));
    }
  }

  return (
    <form onSubmit={(e) => void save(e)} noValidate className="grid gap-6 lg:grid-cols-3">
      <Card title="Event" className="lg:col-span-2">
        <div className="flex flex-col gap-4">
          {failure && <ErrorAlert>{failure}</ErrorAlert>}
          <TextField form={form} name="name" label="Name" required maxLength={200} autoFocus={!event} />
          <TextareaField form={form} name="description" label="Description" rows={4} maxLength={5000} dir="auto" />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField form={form} name="starts_at" type="datetime-local" label="Starts" required hint={`In ${zone}`} />
            <TextField form={form} name="ends_at" type="datetime-local" label="Ends" required hint={`In ${zone}`} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField form={form} name="venue" label="Venue" maxLength={200} />
            <TextField form={form} name="address" label="Address" maxLength={500} />
          </div>
          <TextField form={form} name="online_url" type="url" label="Online link" placeholder="https://…" dir="ltr" />
        </div>
      </Card>
      <div className="flex flex-col gap-6">
        <Card title="Details">
          <div className="flex flex-col gap-4">
            <SelectField form={form} name="status" label="Status" options={EVENT_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))} />
            <SelectField form={form} name="campaign_id" label="Campaign" placeholder="No campaign" options={options.campaigns.map((c) => ({ value: c.id, label: c.name }))} />
            <SelectField form={form} name="group_id" label="Event group" placeholder="No group" options={options.groups.map((g) => ({ value: g.id, label: g.name }))} />
            <OrganiserPicker campaignId={form.data.campaign_id} value={organiserIds} onChange={setOrganiserIds} />
            <NumberField form={form} name="capacity" label="Capacity" min={0} hint="Places, guests and their plus-ones together; empty for no limit." />
            <ImageField label="Cover image" value={form.data.cover_media_id} onChange={(id) => form.setData('cover_media_id', id)} error={form.errors.cover_media_id} />
          </div>
        </Card>
        <SubmitButton form={form}>{event ? 'Save event' : 'Create event'}</SubmitButton>
      </div>
    </form>
  );
}

/** The campaign's organisers as ticks: an organiser ticked here sees and manages the event. */
function OrganiserPicker({ campaignId, value, onChange }: { campaignId: number | null; value: number[]; onChange: (ids: number[]) => void }) {
  const { data, isLoading, isError } = useGetOrganisersQuery(campaignId ? { page: 1, per_page: 100, filter_by: 'campaign_id', filter: String(campaignId) } : skipToken);
  if (!campaignId) return null;
  const rows = data?.data ?? [];
  return (
    // only the campaign's own organisers are offered; a refusal (one removed meanwhile) shows in the form's alert
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-200">Organisers</legend>
      {isLoading ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">Loading…</p>
      ) : isError ? (
        <p className="text-sm text-danger-strong dark:text-danger">The campaign’s organisers could not be loaded.</p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">This campaign has no organisers yet: add them under Organisers.</p>
      ) : (
        <div className="flex flex-col gap-1">
          {rows.map((o) => (
            <label key={o.id} className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={value.includes(o.id)} onChange={(e) => onChange(e.target.checked ? [...value, o.id] : value.filter((id) => id !== o.id))} />
              {o.name} <span className="text-slate-600 dark:text-slate-300">· {o.role}</span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
