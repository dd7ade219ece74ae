import { Head, useForm } from '@inertiajs/react';
import type { FormEvent } from 'react';
import { showRefusal } from '@/components/form/refused';
import { Button } from '@/components/form/Button';
import { Checkbox } from '@/components/form/Checkbox';
import { StatusMessage } from '@/components/StatusMessage';
import { TextInput } from '@/components/form/TextInput';
import { TextLink } from '@/components/TextLink';
import { AuthHeading, GuestLayout } from '@/layouts/GuestLayout';
import { useSharedProps } from '@/lib/page';

type Props = { status?: string | null; canResetPassword?: boolean };

export default function Login({ status, canResetPassword = true }: Props) {
  const { flash } = useSharedProps();
  const form = useForm({ email: '', password: '', remember: false });

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    // a refusal reveals, focuses and announces its errors as every kit form does
    const element = e.currentTarget;
    form.post('/login', { onError: (errors) => showRefusal(element, errors), onFinish: () => form.reset('password') });
  }

  return (
    <>
      <Head title="Log in" />
      <AuthHeading title="Log in">Welcome back. Sign in to your back office.</AuthHeading>
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
        <TextInput
          id="password"
          name="password"
          type="password"
          label="Password"
          value={form.data.password}
          onChange={(e) => form.setData('password', e.target.value)}
          error={form.errors.password}
          autoComplete="current-password"
          required
        />
        <div className="flex items-center justify-between gap-4">
          <Checkbox
            id="remember"
            name="remember"
            label="Remember me"
            checked={form.data.remember}
            onChange={(e) => form.setData('remember', e.target.checked)}
            error={form.errors.remember}
          />
          {canResetPassword && (
            <TextLink href="/forgot-password" className="text-sm">
              Forgot your password?
            </TextLink>
          )}
        </div>
        <Button type="submit" className="mt-2 w-full" disabled={form.processing} busy={form.processing}>
          Log in
        </Button>
      </form>

      <p className="mt-6 text-center text-sm text-slate-500 dark:text-slate-400">
        New to Kazi?{' '}
        <TextLink href="/register">Register</TextLink>
      </p>
    </>
  );
}

Login.layout = GuestLayout;
