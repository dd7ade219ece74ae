import { Head, useForm } from '@inertiajs/react';
import type { FormEvent } from 'react';
import { showRefusal } from '@/components/form/refused';
import { Button } from '@/components/form/Button';
import { TextInput } from '@/components/form/TextInput';
import { AuthHeading, GuestLayout } from '@/layouts/GuestLayout';

type Props = { token: string; email?: string | null };

export default function ResetPassword({ token, email }: Props) {
  const form = useForm({
    token,
    email: email ?? '',
    password: '',
    password_confirmation: '',
  });

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    // a refusal reveals, focuses and announces its errors as every kit form does
    const element = e.currentTarget;
    form.post('/reset-password', { onError: (errors) => showRefusal(element, errors), onFinish: () => form.reset('password', 'password_confirmation') });
  }

  return (
    <>
      <Head title="Reset Password" />
      <AuthHeading title="Reset your password">Choose a new password for your account.</AuthHeading>

      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextInput
          id="email"
          name="email"
          type="email"
          label="Email"
          value={form.data.email}
          onChange={(e) => form.setData('email', e.target.value)}
          error={form.errors.email ?? form.errors.token}
          autoComplete="username"
          required
        />
        <TextInput
          id="password"
          name="password"
          type="password"
          label="Password"
          value={form.data.password}
          onChange={(e) => form.setData('password', e.target.value)}
          error={form.errors.password}
          autoComplete="new-password"
          autoFocus
          required
        />
        <TextInput
          id="password_confirmation"
          name="password_confirmation"
          type="password"
          label="Confirm Password"
          value={form.data.password_confirmation}
          onChange={(e) => form.setData('password_confirmation', e.target.value)}
          error={form.errors.password_confirmation}
          autoComplete="new-password"
          required
        />
        <Button type="submit" className="mt-2 w-full" disabled={form.processing} busy={form.processing}>
          Reset Password
        </Button>
      </form>
    </>
  );
}

ResetPassword.layout = GuestLayout;
