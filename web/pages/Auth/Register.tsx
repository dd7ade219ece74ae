import { Head } from '@inertiajs/react';
import { COUNTRIES, OTHER_COUNTRY } from '@common/countries';
import { registerFormSchema } from '@common/schemas/auth';
import { Button } from '@/components/form/Button';
import { SelectField } from '@/components/form/SelectField';
import { TextField } from '@/components/form/TextFields';
import { useZodForm } from '@/components/form/useZodForm';
import { TextLink } from '@/components/TextLink';
import { AuthHeading, GuestLayout } from '@/layouts/GuestLayout';
import { browserTimeZone } from '@/lib/format';

const COUNTRY_OPTIONS = [...[...COUNTRIES].sort((a, b) => a.name.localeCompare(b.name)).map((c) => ({ value: c.code, label: c.name })), { value: OTHER_COUNTRY.code, label: OTHER_COUNTRY.name }];

/** The country whose timezone the browser is in, as a first guess (the user confirms it). */
function guessedCountry(): string {
  const zone = browserTimeZone();
  return COUNTRIES.find((c) => c.timezone === zone)?.code ?? '';
}

export default function Register() {
  const form = useZodForm(
    registerFormSchema,
    {
      name: '',
      company_name: '',
      country: guessedCountry(),
      email: '',
      password: '',
      password_confirmation: '',
    },
    { method: 'post', url: '/register' },
  );

  return (
    <>
      <Head title="Register" />
      <AuthHeading title="Register">Create your organisation&apos;s back office. You will be its owner.</AuthHeading>

      <form onSubmit={form.handleSubmit({ onFinish: () => form.reset('password', 'password_confirmation') })} noValidate className="flex flex-col gap-4">
        <TextField form={form} name="name" id="name" label="Name" autoComplete="name" autoFocus required />
        <TextField form={form} name="company_name" id="company_name" label="Company name" autoComplete="organization" required />
        <SelectField
          form={form}
          name="country"
          id="country"
          label="Country"
          required
          placeholder="Choose a country…"
          options={COUNTRY_OPTIONS}
          hint="Sets the company's currency, timezone and the country code of its phone numbers."
        />
        <TextField form={form} name="email" id="email" type="email" label="Email" autoComplete="username" required />
        <TextField form={form} name="password" id="password" type="password" label="Password" autoComplete="new-password" required />
        <TextField form={form} name="password_confirmation" id="password_confirmation" type="password" label="Confirm Password" autoComplete="new-password" required />
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
