import { Head, useForm } from '@inertiajs/react';
import type { FormEvent } from 'react';
import { Button } from '@/components/form/Button';
import { TextInput } from '@/components/form/TextInput';
import { TextLink } from '@/components/TextLink';
import { AuthHeading, GuestLayout } from '@/layouts/GuestLayout';

export default function Register() {
  const form = useForm({
    name: '',
    company_name: '',
    email: '',
    password: '',
    password_confirmation: '',
  });

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    form.post('/register', { onFinish: () => form.reset('password', 'password_confirmation') });
  }

  return (
    <>
      <Head title="Register" />
      <AuthHeading title="Register">Create your organisation&apos;s back office. You will be its owner.</AuthHeading>

      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextInput
          id="name"
          name="name"
          label="Name"
          value={form.data.name}
          onChange={(e) => form.setData('name', e.target.value)}
          error={form.errors.name}
          autoComplete="name"
          autoFocus
          required
        />
        <TextInput
          id="company_name"
          name="company_name"
          label="Company name"
          value={form.data.company_name}
          onChange={(e) => form.setData('company_name', e.target.value)}
          error={form.errors.company_name}
          autoComplete="organization"
          required
        />
        <TextInput
          id="email"
          name="email"
          type="email"
          label="Email"
          value={form.data.email}
          onChange={(e) => form.setData('email', e.target.value)}
          error={form.errors.email}
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
          Register
        </Button>
      </form>

      <p className="mt-6 text-center text-sm text-slate-500 dark:text-slate-400">
        Already registered? <TextLink href="/login">Log in</TextLink>
      </p>
    </>
  );
}

Register.layout = GuestLayout;
