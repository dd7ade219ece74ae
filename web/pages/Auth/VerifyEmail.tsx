import { Head, Link, useForm } from '@inertiajs/react';
import type { FormEvent } from 'react';
import { Button, buttonClasses } from '@/components/form/Button';
import { StatusMessage } from '@/components/StatusMessage';
import { AuthHeading, GuestLayout } from '@/layouts/GuestLayout';
import { useSharedProps } from '@/lib/page';

export default function VerifyEmail({ status }: { status?: string | null }) {
  const { flash, auth } = useSharedProps();
  const form = useForm({});
  const sent = status === 'verification-link-sent' || flash?.status === 'verification-link-sent';

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    form.post('/email/verification-notification');
  }

  return (
    <>
      <Head title="Email Verification" />
      <AuthHeading title="Verify your email">
        Thanks for signing up! Before getting started, please verify your email address by clicking the link we just
        emailed to {auth?.user?.email ? <strong className="font-medium">{auth.user.email}</strong> : 'you'}. If you
        didn&apos;t receive it, we will gladly send you another.
      </AuthHeading>

      {sent && (
        <StatusMessage className="mb-4">A new verification link has been sent to your email address.</StatusMessage>
      )}

      <form onSubmit={submit} className="flex flex-wrap items-center justify-between gap-4">
        <Button type="submit" disabled={form.processing} busy={form.processing}>
          Resend Verification Email
        </Button>
        <Link href="/logout" method="post" as="button" className={buttonClasses('ghost')}>
          Log out
        </Link>
      </form>
    </>
  );
}

VerifyEmail.layout = GuestLayout;
