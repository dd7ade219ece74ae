import { Head, Link, router } from '@inertiajs/react';
import type { FormEvent } from 'react';
import { toast } from 'react-toastify';
import { contactSchema } from '@common/schemas/accounting';
import { Card } from '@/components/display/Card';
import { PageHeader } from '@/components/display/PageHeader';
import { buttonClasses } from '@/components/form/Button';
import { SelectField } from '@/components/form/SelectField';
import { SubmitButton } from '@/components/form/SubmitButton';
import { SwitchField } from '@/components/form/SwitchField';
import { PhoneField, TextareaField, TextField } from '@/components/form/TextFields';
import { useZodForm } from '@/components/form/useZodForm';
import { BackLink } from '@/components/record/BackLink';
import { errorMessage } from '@/lib/errors';
import { contactRequestState, useCreateContactMutation, useUpdateContactMutation, type ContactRow, type ContactType } from '@/store/contacts-api';
import { CONTACT_COPY, type CurrencyOption } from './copy';
import { ErrorAlert } from '@/components/display/ErrorAlert';

type FormProps = { type: ContactType; contact?: ContactRow; currencies: CurrencyOption[] };

/** The customer or vendor form; saves through the contacts JSON endpoints, then shows the contact. */
export function ContactForm({ type, contact, currencies }: FormProps) {
  const copy = CONTACT_COPY[type];
  const defaultCode = currencies.find((c) => c.is_default)?.code ?? currencies[0]?.code ?? '';
  const form = useZodForm(contactSchema, {
    type,
    name: contact?.name ?? '',
    email: contact?.email ?? '',
    phone: contact?.phone ?? '',
    tax_number: contact?.tax_number ?? '',
    currency_code: contact?.currency_code ?? defaultCode,
    website: contact?.website ?? '',
    address: contact?.address ?? '',
    city: contact?.city ?? '',
    country: contact?.country ?? '',
    reference: contact?.reference ?? '',
    enabled: contact?.enabled ?? true,
  });
  const [create, creation] = useCreateContactMutation();
  const [update, updating] = useUpdateContactMutation();
  // SPEC §4: the save's success or error flag and message; field errors land on the fields instead
  const request = contactRequestState(contact ? updating : creation);

  // a disabled currency the contact still uses stays choosable
  const options = currencies.map((c) => ({ value: c.code, label: `${c.code} — ${c.name}` }));
  if (contact && !options.some((o) => o.value === contact.currency_code)) options.push({ value: contact.currency_code, label: contact.currency_code });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      const answer = await form.submitWith((data) => (contact ? update({ id: contact.id, ...data }).unwrap() : create(data).unwrap()), event.currentTarget);
      if (!answer) return;
      toast.success(answer.message);
      router.visit(`${copy.base}/${answer.data.id}`);
    } catch (err) {
      toast.error(errorMessage(err, 'An error occurred'));
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-6">
      {request.error && !Object.keys(form.errors).length && (
        <ErrorAlert>{request.message}</ErrorAlert>
      )}
      <Card title="Details">
        <div className="grid gap-5 md:grid-cols-2">
          <TextField form={form} name="name" label="Name" required maxLength={255} autoComplete="organization" className="md:col-span-2" />
          <TextField form={form} name="email" type="email" label="Email" autoComplete="email" />
          <PhoneField form={form} name="phone" label="Phone" />
          <TextField form={form} name="tax_number" label="Tax number" maxLength={100} />
          <SelectField form={form} name="currency_code" label="Currency" options={options} required hint="Documents for this contact use this currency." />
          <TextField form={form} name="website" type="url" label="Website" placeholder="https://" autoComplete="url" />
          <TextField form={form} name="reference" label="Reference" maxLength={255} />
        </div>
      </Card>
      <Card title="Address">
        <div className="grid gap-5 md:grid-cols-2">
          <TextareaField form={form} name="address" label="Address" rows={3} maxLength={1000} className="md:col-span-2" />
          <TextField form={form} name="city" label="City" autoComplete="address-level2" />
          <TextField form={form} name="country" label="Country" autoComplete="country-name" />
        </div>
      </Card>
      <Card>
        <SwitchField form={form} name="enabled" label="Enabled" hint={`A disabled ${copy.singular} is kept with its history but is not offered on new documents.`} />
      </Card>
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton form={form}>{contact ? 'Save changes' : `Create ${copy.singular}`}</SubmitButton>
        <Link href={contact ? `${copy.base}/${contact.id}` : copy.base} className={buttonClasses('outline')}>
          Cancel
        </Link>
      </div>
    </form>
  );
}

export function ContactCreate({ type, currencies }: { type: ContactType; currencies: CurrencyOption[] }) {
  const copy = CONTACT_COPY[type];
  return (
    <>
      <Head title={`New ${copy.singular}`} />
      <PageHeader title={`New ${copy.singular}`}>
        <BackLink href={copy.base}>{`Back to ${copy.plural}`}</BackLink>
      </PageHeader>
      <ContactForm type={type} currencies={currencies} />
    </>
  );
}
