import { Head, router } from '@inertiajs/react';
import { type FormEvent, useState } from 'react';
import { toast } from 'react-toastify';
import { connectImapSchema, type MailSecurity } from '@common/schemas/mailbox';
import { Card } from '@/components/display/Card';
import { PageHeader } from '@/components/display/PageHeader';
import { SelectField } from '@/components/form/SelectField';
import { SubmitButton } from '@/components/form/SubmitButton';
import { SwitchField } from '@/components/form/SwitchField';
import { NumberField, TextField } from '@/components/form/TextFields';
import { useZodForm } from '@/components/form/useZodForm';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage } from '@/lib/errors';
import { SHORT_TOAST } from '@/lib/toasts';
import { chatCall as jsonCall } from '@/store/chat-slice';

type Values = {
  name: string;
  email: string;
  imap_host: string;
  imap_port: number;
  imap_security: MailSecurity;
  smtp_host: string;
  smtp_port: number;
  smtp_security: MailSecurity;
  username: string;
  password: string;
  make_default: boolean;
};

const SECURITY = [
  { value: 'tls', label: 'TLS from the start' },
  { value: 'starttls', label: 'STARTTLS' },
  { value: 'none', label: 'None (a server on a private network)' },
];

/**
 * Mailbox/Setup/Imap (PAGES.md, /mailbox/setup/imap): an IMAP + SMTP account. Kazi logs in to both
 * servers before saving; a refusal (wrong password, certificate, timeout, a private address)
 * comes back on the host field it is about.
 */
export default function SetupImap() {
  const form = useZodForm<Values>(connectImapSchema, {
    name: '',
    email: '',
    imap_host: '',
    imap_port: 993,
    imap_security: 'tls',
    smtp_host: '',
    smtp_port: 465,
    smtp_security: 'tls',
    username: '',
    password: '',
    make_default: false,
  });
  const [failure, setFailure] = useState<string | null>(null);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    try {
      const answer = await form.submitWith((data) => jsonCall<{ message: string }>('POST', '/mailbox/accounts', data), event.currentTarget);
      if (answer) {
        toast.success(answer.message, SHORT_TOAST);
        router.visit('/mailbox');
      }
    } catch (err) {
      setFailure(errorMessage(err, 'The mailbox could not be connected'));
    }
  }

  return (
    <>
      <Head title="Connect an IMAP mailbox" />
      <PageHeader title="Connect an IMAP mailbox" description="Any mail provider that offers IMAP to read and SMTP to send." />
      <Card>
        <form onSubmit={(e) => void save(e)} noValidate className="flex max-w-3xl flex-col gap-6">
          {failure && (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-500/10 dark:text-red-200">
              {failure}
            </p>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField form={form} name="name" label="Name" required placeholder="Work" />
            <TextField form={form} name="email" type="email" label="Email address" required dir="ltr" />
            <TextField form={form} name="username" label="User name" required dir="ltr" autoComplete="off" hint="Usually the email address." />
            <TextField form={form} name="password" type="password" label="Password" required dir="ltr" autoComplete="new-password" hint="Stored encrypted; an app password where your provider asks for one." />
          </div>
          <fieldset className="grid gap-4 sm:grid-cols-3">
            <legend className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">Incoming mail (IMAP)</legend>
            <TextField form={form} name="imap_host" label="IMAP host" required dir="ltr" placeholder="imap.example.org" />
            <NumberField form={form} name="imap_port" label="IMAP port" required />
            <SelectField form={form} name="imap_security" label="IMAP security" options={SECURITY} />
          </fieldset>
          <fieldset className="grid gap-4 sm:grid-cols-3">
            <legend className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">Outgoing mail (SMTP)</legend>
            <TextField form={form} name="smtp_host" label="SMTP host" required dir="ltr" placeholder="smtp.example.org" />
            <NumberField form={form} name="smtp_port" label="SMTP port" required />
            <SelectField form={form} name="smtp_security" label="SMTP security" options={SECURITY} />
          </fieldset>
          <SwitchField form={form} name="make_default" label="Make this my default mailbox" />
          <SubmitButton form={form}>Test and connect</SubmitButton>
        </form>
      </Card>
    </>
  );
}

SetupImap.layout = AppLayout;
