import { Head, useForm } from '@inertiajs/react';
import type { FormEvent } from 'react';
import { Button } from '@/components/form/Button';
import { AuthHeading, GuestLayout } from '@/layouts/GuestLayout';

interface Props {
  company: string;
  channel: 'sms' | 'email' | 'voice';
  unsubscribed: boolean;
  token: string;
}

const CHANNEL: Record<Props['channel'], string> = { sms: 'text messages (SMS)', email: 'emails', voice: 'voice calls' };

/** The public unsubscribe page (SPEC §2 Unsubscribe): a contact leaves, or comes back to, one channel of one company. */
export default function Unsubscribe({ company, channel, unsubscribed, token }: Props) {
  const form = useForm({});
  const what = CHANNEL[channel];

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    form.post(unsubscribed ? `/unsubscribe/${token}/resubscribe` : `/unsubscribe/${token}`, { preserveScroll: true });
  }

  return (
    <>
      <Head title="Unsubscribe" />
      {unsubscribed ? (
        <AuthHeading title="You are unsubscribed">
          <bdi>{company}</bdi> will not send you {what} any more. If that was a mistake, you can subscribe again.
        </AuthHeading>
      ) : (
        <AuthHeading title="Unsubscribe">
          Do you want to stop receiving {what} from <bdi>{company}</bdi>?
        </AuthHeading>
      )}
      <form onSubmit={submit}>
        <Button type="submit" variant={unsubscribed ? 'secondary' : 'primary'} className="w-full" disabled={form.processing} busy={form.processing}>
          {unsubscribed ? 'Subscribe again' : `Unsubscribe from ${what}`}
        </Button>
      </form>
      <p role="status" className="mt-4 text-sm text-slate-500 dark:text-slate-400">
        {unsubscribed ? `Unsubscribed from ${what}.` : `You are subscribed to ${what}.`}
      </p>
    </>
  );
}

Unsubscribe.layout = GuestLayout;
