import { Head } from '@inertiajs/react';
import { Trash, Undo2 } from 'lucide-react';
import { passwordUpdateSchema, profileSchema } from '@common/schemas/profile';
import { Card } from '@/components/display/Card';
import { PageHeader } from '@/components/display/PageHeader';
import { Button } from '@/components/form/Button';
import { FileField } from '@/components/form/FileField';
import { SubmitButton } from '@/components/form/SubmitButton';
import { TextField } from '@/components/form/TextFields';
import { useZodForm } from '@/components/form/useZodForm';
import { Tabs } from '@/components/overlay/Tabs';
import { BackLink } from '@/components/record/BackLink';
import { AppLayout } from '@/layouts/AppLayout';
import type { ProfileUser } from './Index';

// The server takes jpg, png and webp up to 2048 KB (it checks the file's own bytes, too).
const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

function ProfileForm({ user }: { user: ProfileUser }) {
  const form = useZodForm(
    profileSchema,
    { name: user.name, email: user.email, avatar: null as File | null, remove_avatar: false },
    { method: 'post', url: '/settings/profile/update' },
  );
  const removing = form.data.remove_avatar;
  const submit = form.handleSubmit({
    forceFormData: true,
    preserveScroll: true,
    onSuccess: () => {
      form.setData((data) => ({ ...data, avatar: null, remove_avatar: false }));
      form.setDefaults();
    },
  });

  return (
    <Card title="Profile information">
      <p className="-mt-1 mb-5 text-sm text-slate-600 dark:text-slate-400">Your name, email address and photo, as your colleagues see them.</p>
      <form onSubmit={submit} noValidate className="flex max-w-xl flex-col gap-5">
        <TextField form={form} name="name" label="Name" autoComplete="name" required />
        <TextField
          form={form}
          name="email"
          type="email"
          label="Email"
          autoComplete="username"
          required
          hint={user.email_verified_at ? undefined : 'Not verified yet: we sent a link to this address.'}
        />
        <div>
          <FileField
            form={form}
            name="avatar"
            label="Photo"
            accept={AVATAR_TYPES}
            maxBytes={AVATAR_MAX_BYTES}
            preview
            currentUrl={removing ? null : user.avatar_url}
            progress={form.progress}
            hint={removing ? 'The current photo will be removed when you save.' : 'JPG, PNG or WEBP, up to 2 MB.'}
          />
          {user.avatar_url && !form.data.avatar && (
            <Button size="sm" variant="ghost" className="mt-2" onClick={() => form.setData('remove_avatar', !removing)}>
              {removing ? <Undo2 aria-hidden="true" className="size-4" /> : <Trash aria-hidden="true" className="size-4" />}
              {removing ? 'Keep the current photo' : 'Remove the current photo'}
            </Button>
          )}
        </div>
        <SubmitButton form={form} />
      </form>
    </Card>
  );
}

function PasswordForm() {
  const form = useZodForm(
    passwordUpdateSchema,
    { current_password: '', password: '', password_confirmation: '' },
    { method: 'put', url: '/settings/profile/update-password' },
  );
  const submit = form.handleSubmit({
    preserveScroll: true,
    onSuccess: () => form.reset(),
    onError: (errors) => {
      if (errors.password) form.reset('password', 'password_confirmation');
      if (errors.current_password) form.reset('current_password');
    },
  });

  return (
    <Card title="Update password">
      <p className="-mt-1 mb-5 text-sm text-slate-600 dark:text-slate-400">
        Use a long password that you do not use anywhere else. Your other browsers will be signed out.
      </p>
      <form onSubmit={submit} noValidate className="flex max-w-xl flex-col gap-5">
        <TextField form={form} name="current_password" type="password" label="Current password" autoComplete="current-password" required />
        <TextField form={form} name="password" type="password" label="New password" autoComplete="new-password" hint="At least 8 characters." required />
        <TextField form={form} name="password_confirmation" type="password" label="Confirm new password" autoComplete="new-password" required />
        <SubmitButton form={form} />
      </form>
    </Card>
  );
}

export default function ProfileEdit({ user }: { user: ProfileUser }) {
  const startOnPassword = typeof window !== 'undefined' && window.location.hash === '#password';
  return (
    <>
      <Head title="Edit profile" />
      <PageHeader title="Edit profile">
        <BackLink href="/profile">Back to profile</BackLink>
      </PageHeader>
      <Tabs
        label="Profile settings"
        defaultIndex={startOnPassword ? 1 : 0}
        tabs={[
          { key: 'profile', label: 'Profile', content: <ProfileForm user={user} /> },
          { key: 'password', label: 'Password', content: <PasswordForm /> },
        ]}
      />
    </>
  );
}

ProfileEdit.layout = AppLayout;
