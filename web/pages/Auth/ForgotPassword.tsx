import { Head, useForm } from '@inertiajs/react';
import type { FormEvent } from 'react';
import { showRefusal } from '@/components/form/refused';
import { Button } from '@/components/form/Button';
import { StatusMessage } from '@/components/StatusMessage';
import { TextInput } from '@/components/form/TextInput';
import { TextLink } from '@/components/TextLink';
import { AuthHeading, GuestLayout } from '@/layouts/GuestLayout';
import { useSharedProps } from '@/lib/page';

export default function ForgotPassword({ status }: { status?: string | null }) {
  const { flash } = useSharedProps();
  const form = useForm({ email: '' });

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    // a refusal reveals, focuses and announces its errors as every kit form does
    const element = e.currentTarget;
    form.post('/forgot-password', { onError: (errors) => showRefusal(element, errors) });
  }

  return (
    <>
      <Head title="Forgot Password" />
      <AuthHeading title="Forgot your password?">
        No problem. Tell us your email address and we will email you a link to choose a new one.
      </AuthHeading>
      <StatusMessage className="mb-4">{status || flash?.status}</StatusMessage>

      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextInput
          id="email"
          name="email"
          type="email"
          label="Email"
          value={form.data.email}
          onChange={(e) => form.setData('email', e.target.value)}
          error={form.errors.email}
          autoComplete="username"
          autoFocus
          required
        />
        <Button type="submit" className="mt-2 w-full" disabled={form.processing} busy={form.processing}>
          Email Password Reset Link
        </Button>
      </form>

      <p className="mt-6 text-center text-sm text-slate-500 dark:text-slate-400">
        Remembered it? <TextLink href="/login">Back to log in</TextLink>
      </p>
    </>
  );
}

ForgotPassword.layout = GuestLayout;
