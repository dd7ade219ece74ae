import { Head, useForm } from '@inertiajs/react';
import type { FormEvent } from 'react';
import { showRefusal } from '@/components/form/refused';
import { Button } from '@/components/form/Button';
import { TextInput } from '@/components/form/TextInput';
import { AuthHeading, GuestLayout } from '@/layouts/GuestLayout';

export default function ConfirmPassword() {
  const form = useForm({ password: '' });

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    // a refusal reveals, focuses and announces its errors as every kit form does
    const element = e.currentTarget;
    form.post('/confirm-password', { onError: (errors) => showRefusal(element, errors), onFinish: () => form.reset('password') });
  }

  return (
    <>
      <Head title="Confirm Password" />
      <AuthHeading title="Confirm your password">
        This is a secure area of the application. Please confirm your password before continuing.
      </AuthHeading>

      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextInput
          id="password"
          name="password"
          type="password"
          label="Password"
          value={form.data.password}
          onChange={(e) => form.setData('password', e.target.value)}
          error={form.errors.password}
          autoComplete="current-password"
          autoFocus
          required
        />
        <Button type="submit" className="mt-2 w-full" disabled={form.processing} busy={form.processing}>
          Confirm
        </Button>
      </form>
    </>
  );
}

ConfirmPassword.layout = GuestLayout;
