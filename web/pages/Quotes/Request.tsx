import { Head, Link } from '@inertiajs/react';
import { CheckCircle2, Plus, Trash2 } from 'lucide-react';
import { quoteRequestSchema } from '@common/quotes';
import { Button } from '@/components/form/Button';
import { FieldError } from '@/components/form/FieldError';
import { controlClasses, labelClasses } from '@/components/form/styles';
import { PhoneField, TextareaField, TextField } from '@/components/form/TextFields';
import { useZodForm } from '@/components/form/useZodForm';
import { useBrandTheme } from '@/components/shell/use-brand-theme';
import { useSharedProps } from '@/lib/page';

type Company = { name: string; slug: string; logo: string | null; brand_color: string | null; terms_url: string | null };
type Line = { name: string; quantity: number };
type Values = {
  company: string;
  name: string;
  email: string;
  phone: string | null;
  organisation: string | null;
  items: Line[];
  message: string;
  website: string;
  form_token: string;
};

/**
 * Quotes/Request: a company's public quote request form (/quotes/request?company={slug}). What is
 * sent becomes a draft estimate for the company. The "website" field is a honeypot, hidden from
 * people and from assistive technology; the signed form_token carries when the form was shown.
 */
export default function QuoteRequest({ company, form_token }: { company: Company; form_token: string }) {
  const { flash } = useSharedProps();
  useBrandTheme(company.brand_color);
  const form = useZodForm<Values>(
    quoteRequestSchema,
    { company: company.slug, name: '', email: '', phone: null, organisation: null, items: [{ name: '', quantity: 1 }], message: '', website: '', form_token },
    { method: 'post', url: '/quotes/request' },
  );
  const errors = form.errors as Record<string, string | undefined>;
  const setLine = (i: number, patch: Partial<Line>) => form.setData('items', form.data.items.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const sent = Boolean(flash?.success);

  return (
    <div className="min-h-screen bg-page text-slate-700 dark:bg-dark-gray dark:text-slate-300">
      <Head title={`Request a quote`} />
      <header className="border-t-4 border-primary bg-white shadow-sm dark:bg-dark">
        <div className="mx-auto flex max-w-3xl items-center gap-3 px-4 py-4">
          {company.logo && <img src={company.logo} alt="" className="max-h-10 max-w-40" />}
          <span className="text-lg font-semibold text-slate-900 dark:text-white">{company.name}</span>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-8">
        <h1 className="mb-2 text-2xl font-bold text-slate-900 dark:text-white">Request a quote</h1>
        <p className="mb-6 text-sm text-slate-500 dark:text-slate-400">Tell {company.name} what you need; they will reply with a quote by e-mail.</p>
        {sent ? (
          <div role="status" className="flex items-start gap-3 rounded-md bg-white p-6 shadow-sm ring-1 ring-slate-900/5 dark:bg-dark">
            <CheckCircle2 aria-hidden="true" className="size-6 shrink-0 text-success" />
            <div>
              <p className="font-medium text-slate-900 dark:text-white">{flash?.success}</p>
              <Link href={`/quotes/request?company=${encodeURIComponent(company.slug)}`} className="mt-2 inline-block text-sm font-medium text-primary-strong hover:underline dark:text-primary-light">
                Send another request
              </Link>
            </div>
          </div>
        ) : (
          <form onSubmit={form.handleSubmit({ preserveScroll: true })} noValidate className="flex flex-col gap-5 rounded-md bg-white p-6 shadow-sm ring-1 ring-slate-900/5 dark:bg-dark">
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField form={form} name="name" label="Your name" autoComplete="name" required />
              <TextField form={form} name="email" type="email" label="Email" autoComplete="email" required />
              <PhoneField form={form} name="phone" label="Phone" />
              <TextField form={form} name="organisation" label="Organisation" autoComplete="organization" />
            </div>
            <fieldset>
              <legend className={labelClasses}>What you need</legend>
              <ul className="flex flex-col gap-2">
                {form.data.items.map((line, i) => (
                  <li key={i} className="flex flex-wrap items-start gap-2">
                    <div className="min-w-0 flex-1">
                      <label className="sr-only" htmlFor={`item-${i}`}>Item {i + 1}</label>
                      <input id={`item-${i}`} value={line.name} onChange={(e) => setLine(i, { name: e.target.value })} placeholder="e.g. Sound system hire" className={controlClasses(Boolean(errors[`items.${i}.name`]))} />
                      <FieldError id={`item-${i}-error`} message={errors[`items.${i}.name`]} />
                    </div>
                    <div className="w-28">
                      <label className="sr-only" htmlFor={`qty-${i}`}>Quantity of item {i + 1}</label>
                      <input id={`qty-${i}`} type="number" min={1} value={line.quantity} onChange={(e) => setLine(i, { quantity: Number(e.target.value) })} className={controlClasses(Boolean(errors[`items.${i}.quantity`]))} />
                      <FieldError id={`qty-${i}-error`} message={errors[`items.${i}.quantity`]} />
                    </div>
                    {form.data.items.length > 1 && (
                      <Button variant="ghost" size="sm" aria-label={`Remove item ${i + 1}`} onClick={() => form.setData('items', form.data.items.filter((_, j) => j !== i))}>
                        <Trash2 aria-hidden="true" className="size-4" />
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
              {form.data.items.length < 20 && (
                <Button variant="ghost" size="sm" className="mt-2" onClick={() => form.setData('items', [...form.data.items, { name: '', quantity: 1 }])}>
                  <Plus aria-hidden="true" className="size-4" /> Add a line
                </Button>
              )}
            </fieldset>
            <TextareaField form={form} name="message" label="Details" rows={5} maxLength={5000} required hint="Dates, place, budget — whatever helps them quote." />
            {/* the honeypot: off-screen, out of the tab order and hidden from screen readers */}
            <div aria-hidden="true" className="absolute -start-[9999px] h-px w-px overflow-hidden">
              <label htmlFor="website">Website</label>
              <input id="website" name="website" tabIndex={-1} autoComplete="off" value={form.data.website} onChange={(e) => form.setData('website', e.target.value)} />
            </div>
            <FieldError id="form-token-error" message={errors.form_token} />
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-xs text-slate-500 dark:text-slate-400">
                {company.terms_url && (
                  <>
                    See {company.name}&apos;s{' '}
                    <a href={company.terms_url} className="font-medium text-primary-strong underline dark:text-primary-light">
                      terms
                    </a>
                    .{' '}
                  </>
                )}
                <Link href="/privacy-policy" className="underline">Privacy policy</Link>
              </p>
              <Button type="submit" disabled={form.processing} busy={form.processing}>
                Send request
              </Button>
            </div>
          </form>
        )}
      </main>
    </div>
  );
}
