import { Head, Link, useForm } from '@inertiajs/react';
import { CircleAlert } from 'lucide-react';
import type { FormEvent } from 'react';
import { showRefusal } from '@/components/form/refused';
import { Button } from '@/components/form/Button';
import { FieldError } from '@/components/form/FieldError';
import { TextInput } from '@/components/form/TextInput';
import { AuthHeading, GuestLayout } from '@/layouts/GuestLayout';
import { useSharedProps } from '@/lib/page';

type Props = {
  email: string;
  company: string;
  role: string;
  /** No account exists for the invited address yet: the invitee chooses a name and a password. */
  needsAccount: boolean;
  expired: boolean;
};

export default function AcceptInvitation({ email, company, role, needsAccount, expired }: Props) {
  const { auth } = useSharedProps();
  // Signed in as the invited address: nothing more to prove.
  const signedInAsInvitee = Boolean(auth?.user && auth.user.email.toLowerCase() === email.toLowerCase());
  const form = useForm({ name: '', password: '', password_confirmation: '' });
  const errors = form.errors as Partial<Record<'name' | 'password' | 'password_confirmation' | 'invitation' | 'email', string>>;

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    form.transform((data) => {
      if (needsAccount) return data;
      if (signedInAsInvitee) return {};
      return { password: data.password };
    });
    // a refusal reveals, focuses and announces its errors as every kit form does
    const element = e.currentTarget;
    form.post(window.location.pathname, { onError: (errors) => showRefusal(element, errors), onFinish: () => form.reset('password', 'password_confirmation') });
  }

  if (expired) {
    return (
      <>
        <Head title="Invitation expired" />
        <AuthHeading title="This invitation has expired" />
        <div role="alert" className="flex gap-3 rounded-md bg-warning/10 p-4 text-sm text-orange-900 dark:text-orange-200">
          <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
          <p>
            The invitation to join <strong className="font-medium">{company}</strong> sent to {email} is no longer valid. Ask someone at {company} to send you a
            new one.
          </p>
        </div>
        <p className="mt-6 text-center text-sm">
          <Link href="/login" className="font-medium text-primary underline-offset-2 hover:underline">
            Go to the sign-in page
          </Link>
        </p>
      </>
    );
  }

  return (
    <>
      <Head title="Accept invitation" />
      <AuthHeading title={`Join ${company}`}>
        You have been invited to join <strong className="font-medium">{company}</strong> as <strong className="font-medium">{role}</strong>.
      </AuthHeading>

      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextInput id="email" name="email" type="email" label="Email" value={email} readOnly disabled autoComplete="username" error={errors.email} />

        {needsAccount && (
          <>
            <TextInput
              id="name"
              name="name"
              label="Name"
              value={form.data.name}
              onChange={(e) => form.setData('name', e.target.value)}
              error={errors.name}
              autoComplete="name"
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
              error={errors.password}
              hint="At least 8 characters."
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
              error={errors.password_confirmation}
              autoComplete="new-password"
              required
            />
          </>
        )}

        {!needsAccount && !signedInAsInvitee && (
          <TextInput
            id="password"
            name="password"
            type="password"
            label="Password"
            value={form.data.password}
            onChange={(e) => form.setData('password', e.target.value)}
            error={errors.password}
            hint={`The password of your existing account (${email}).`}
            autoComplete="current-password"
            autoFocus
            required
          />
        )}

        {errors.invitation && <FieldError id="invitation-error" message={errors.invitation} />}

        <Button type="submit" className="mt-2 w-full" disabled={form.processing} busy={form.processing}>
          Accept invitation
        </Button>
      </form>
    </>
  );
}

AcceptInvitation.layout = GuestLayout;
