import { Head, Link, router } from '@inertiajs/react';
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { toast } from 'react-toastify';
import { CHANNELS, CONSENT_FIELD, type Channel, type ConsentStatus } from '@common/outreach';
import { outreachContactSchema } from '@common/schemas/outreach';
import { Badge } from '@/components/display/Badge';
import { Card } from '@/components/display/Card';
import { PageHeader } from '@/components/display/PageHeader';
import { buttonClasses } from '@/components/form/Button';
import { SelectField } from '@/components/form/SelectField';
import { SubmitButton } from '@/components/form/SubmitButton';
import { TagsField } from '@/components/form/TagsField';
import { DateField, PhoneField, TextareaField, TextField } from '@/components/form/TextFields';
import { useZodForm, type ZodForm } from '@/components/form/useZodForm';
import type { BindableForm } from '@/components/form/bind';
import { serverFieldErrors } from '@/components/form/zod-errors';
import { BackLink } from '@/components/record/BackLink';
import { errorMessage } from '@/lib/errors';
import { useCan } from '@/lib/page';
import {
  ALL_CONTACT_FIELDS,
  FRESH_FIELDS,
  outreachContactRequestState,
  useCreateOutreachContactMutation,
  useGetContactFieldsQuery,
  useUpdateOutreachContactMutation,
  type OutreachContactRow,
} from '@/store/outreach-api';
import { CHANNEL_LABEL, CONSENT_LABEL, CONSENT_TONE, GENDER_OPTIONS } from './copy';
import { ErrorAlert } from '@/components/display/ErrorAlert';
import { customInput, type FieldDef } from './custom-fields';
import { DuplicateNotice, type DuplicateFound } from './DuplicateNotice';
import { duplicateOf } from './duplicates';

/** The customer or vendor an outreach contact is linked to (decision 0026), as the page loads it. */
export type LinkedContact = { id: number; name: string; type: 'customer' | 'vendor' } | null;

type Choice = 'granted' | 'withdrawn' | null;

function initial(contact?: OutreachContactRow) {
  // a consent is only sent when it changes: the API grants or withdraws, never sets back to unknown
  const choice = (status: ConsentStatus | undefined): Choice => (status === 'granted' || status === 'withdrawn' ? status : null);
  return {
    first_name: contact?.first_name ?? '',
    last_name: contact?.last_name ?? '',
    phone: contact?.phone ?? '',
    email: contact?.email ?? '',
    gender: (contact?.gender ?? null) as 'female' | 'male' | 'other' | null,
    birthday: contact?.birthday ?? '',
    location: contact?.location ?? '',
    tags: contact?.tags ?? [],
    // the stored values as text, whatever fields are defined now (a box left alone sends them back unchanged)
    custom: Object.fromEntries(Object.entries(contact?.custom ?? {}).map(([k, v]) => [k, v == null ? '' : String(v)])) as Record<string, string>,
    source: contact?.source ?? '',
    notes: contact?.notes ?? '',
    consent_sms: choice(contact?.consent_sms),
    consent_email: choice(contact?.consent_email),
    consent_voice: choice(contact?.consent_voice),
    accounting_contact_id: contact?.accounting_contact_id ?? null,
  };
}

type Values = ReturnType<typeof initial>;

// the form holds null for "no choice yet" (the API's consent is given or withdrawn, or left out)
// and '' for a cleared birthday; toInput turns both into what the API takes
const formSchema = outreachContactSchema.extend({
  consent_sms: outreachContactSchema.shape.consent_sms.nullable(),
  consent_email: outreachContactSchema.shape.consent_email.nullable(),
  consent_voice: outreachContactSchema.shape.consent_voice.nullable(),
  birthday: z.union([z.literal(''), outreachContactSchema.shape.birthday]),
});

function toInput(data: Values, fields: readonly FieldDef[]) {
  const { consent_sms, consent_email, consent_voice, birthday, custom, ...rest } = data;
  return {
    ...rest,
    birthday: birthday || null,
    custom: customInput(fields, custom),
    ...(consent_sms ? { consent_sms } : {}),
    ...(consent_email ? { consent_email } : {}),
    ...(consent_voice ? { consent_voice } : {}),
  };
}

/** Granted or withdrawn for one channel, with the status the contact has now. */
function ConsentChoice({ channel, value, current, onChange }: { channel: Channel; value: Choice; current: ConsentStatus; onChange: (v: Choice) => void }) {
  const name = CONSENT_FIELD[channel];
  return (
    <fieldset className="rounded-md border border-slate-200 p-4 dark:border-slate-700">
      <legend className="px-1 text-sm font-medium text-slate-700 dark:text-slate-300">{CHANNEL_LABEL[channel]}</legend>
      <p className="mb-3 flex items-center gap-2 text-xs text-slate-500 dark:text-slate-400">
        Now: <Badge tone={CONSENT_TONE[current]}>{CONSENT_LABEL[current]}</Badge>
      </p>
      <div className="flex flex-wrap gap-4">
        {(['granted', 'withdrawn'] as const).map((v) => (
          <label key={v} className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
            <input type="radio" name={name} value={v} checked={value === v} onChange={() => onChange(v)} className="size-4 accent-primary" />
            {v === 'granted' ? 'Granted' : 'Withdrawn'}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The company's own fields, one box each by type. The kit's fields bind to a form by key; this
 * view of the form's `custom` object lets them bind to its entries, with the server's
 * `custom.<key>` errors on them.
 */
function CustomFields({ form, fields }: { form: ZodForm<Values>; fields: readonly FieldDef[] }) {
  const prefix = 'custom.';
  const view: BindableForm<Record<string, string>> = {
    data: form.data.custom,
    errors: Object.fromEntries(Object.entries(form.errors as Record<string, string>).filter(([k]) => k.startsWith(prefix)).map(([k, v]) => [k.slice(prefix.length), v])),
    setData: ((key: string, value: string) => form.setData((d) => ({ ...d, custom: { ...d.custom, [key]: value } }))) as BindableForm<Record<string, string>>['setData'],
    clearErrors: ((...keys: string[]) => (form.clearErrors as (...f: string[]) => void)(...keys.map((k) => prefix + k))) as BindableForm<Record<string, string>>['clearErrors'],
  };
  return (
    <Card title="More details">
      <div className="grid gap-5 md:grid-cols-2">
        {fields.map((f) => {
          const props = { form: view, name: f.key, label: f.label };
          if (f.type === 'date') return <DateField key={f.key} {...props} />;
          if (f.type === 'number') return <TextField key={f.key} {...props} inputMode="decimal" />;
          if (f.type === 'choice') {
            const current = view.data[f.key];
            // a value kept from a choice since removed stays offered, so saving does not drop it
            const choices = current && !f.choices.includes(current) ? [...f.choices, current] : f.choices;
            return <SelectField key={f.key} {...props} options={choices.map((c) => ({ value: c, label: c }))} placeholder="Not set" />;
          }
          return <TextField key={f.key} {...props} maxLength={1000} />;
        })}
      </div>
    </Card>
  );
}

/** The outreach contact form; saves through /contacts/store or /contacts/update/{id}, then shows the contact. */
export function OutreachContactForm({ contact, linked = null }: { contact?: OutreachContactRow; linked?: LinkedContact }) {
  const form = useZodForm<Values>(formSchema, initial(contact));
  const [create, creation] = useCreateOutreachContactMutation();
  const [update, updating] = useUpdateOutreachContactMutation();
  // SPEC §4: the save's success or error flag plus message; field errors land on the fields instead
  const request = outreachContactRequestState(contact ? updating : creation);
  const seesCustomers = useCan('customers.view');
  const seesVendors = useCan('vendors.view');
  const { data: fieldPage } = useGetContactFieldsQuery(ALL_CONTACT_FIELDS, FRESH_FIELDS);
  const fields = fieldPage?.data ?? [];
  // a new contact refused because its phone or e-mail is another's: that one, and what was typed
  const [duplicate, setDuplicate] = useState<DuplicateFound | null>(null);

  async function send(data: Values) {
    const input = toInput(data, fields);
    if (contact) return update({ id: contact.id, ...input }).unwrap();
    setDuplicate(null);
    try {
      return await create(input).unwrap();
    } catch (err) {
      const found = duplicateOf(serverFieldErrors(err), input);
      if (found) setDuplicate({ ...found, typed: input });
      throw err;
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      const answer = await form.submitWith(send, event.currentTarget);
      if (!answer) return;
      toast.success(answer.message);
      router.visit(`/contacts/${answer.data.id}`);
    } catch (err) {
      toast.error(errorMessage(err, 'An error occurred'));
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-6">
      {request.error && !Object.keys(form.errors).length && (
        <ErrorAlert>{request.message}</ErrorAlert>
      )}
      {duplicate && <DuplicateNotice duplicate={duplicate} onKeepEditing={() => setDuplicate(null)} />}
      <Card title="Details">
        <div className="grid gap-5 md:grid-cols-2">
          <TextField form={form} name="first_name" label="First name" maxLength={100} autoComplete="given-name" />
          <TextField form={form} name="last_name" label="Last name" maxLength={100} autoComplete="family-name" />
          <PhoneField form={form} name="phone" label="Phone" hint="Stored in international format (+254712345678); a national number is read in the company's country." />
          <TextField form={form} name="email" type="email" label="Email" autoComplete="email" hint="A contact needs a phone number or an email address." />
          <SelectField form={form} name="gender" label="Gender" options={GENDER_OPTIONS} placeholder="Not said" />
          <DateField form={form} name="birthday" label="Birthday" />
          <TextField form={form} name="location" label="Location" maxLength={255} />
          <TextField form={form} name="source" label="Source" maxLength={100} hint="Where the contact came from (a form, an event, an import…)." />
          <TagsField form={form} name="tags" label="Tags" className="md:col-span-2" hint="Segments can select contacts by their tags." />
          <TextareaField form={form} name="notes" label="Notes" rows={3} maxLength={5000} className="md:col-span-2" />
        </div>
      </Card>
      {fields.length > 0 && <CustomFields form={form} fields={fields} />}
      <Card title="Consent">
        <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">Messages go out on a channel only with consent given there. Each change is kept in the contact's consent history.</p>
        <div className="grid gap-4 md:grid-cols-3">
          {CHANNELS.map((ch) => (
            <ConsentChoice
              key={ch}
              channel={ch}
              value={form.data[CONSENT_FIELD[ch]]}
              current={contact?.[CONSENT_FIELD[ch]] ?? 'unknown'}
              onChange={(v) => form.setData(CONSENT_FIELD[ch], v)}
            />
          ))}
        </div>
      </Card>
      {(seesCustomers || seesVendors) && (
        <Card title="Customer or vendor">
          <SelectField
            form={form}
            name="accounting_contact_id"
            label="Linked customer or vendor"
            hint="The same person in your books; linking never merges the two records."
            placeholder="Not linked"
            load={{
              url: '/accounting/contacts/json',
              params: seesCustomers && seesVendors ? {} : { type: seesCustomers ? 'customer' : 'vendor' },
              map: (row) => {
                const r = row as { id: number; name: string; type: string };
                return { value: r.id, label: `${r.name} (${r.type})` };
              },
            }}
            initialOption={linked ? { value: linked.id, label: `${linked.name} (${linked.type})` } : null}
          />
        </Card>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton form={form}>{contact ? 'Save changes' : 'Create contact'}</SubmitButton>
        <Link href={contact ? `/contacts/${contact.id}` : '/contacts'} className={buttonClasses('outline')}>
          Cancel
        </Link>
      </div>
    </form>
  );
}

export function OutreachContactFormPage({ contact, linked }: { contact?: OutreachContactRow; linked?: LinkedContact }) {
  const title = contact ? `Edit ${contact.name || contact.phone || contact.email}` : 'New contact';
  return (
    <>
      <Head title={title} />
      <PageHeader title={title}>
        <BackLink href={contact ? `/contacts/${contact.id}` : '/contacts'}>{contact ? 'Back to the contact' : 'Back to contacts'}</BackLink>
      </PageHeader>
      <OutreachContactForm contact={contact} linked={linked} />
    </>
  );
}
