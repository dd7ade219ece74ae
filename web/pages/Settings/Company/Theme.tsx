import { router } from '@inertiajs/react';
import { formatDecimal } from '@common/format';
import { AlertTriangle, CheckCircle2, ExternalLink } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { DEFAULT_BRAND_COLOUR, HEX_COLOUR, themeOf, type Theme } from '@common/company';
import { Card } from '@/components/display/Card';
import { Button } from '@/components/form/Button';
import { FieldError } from '@/components/form/FieldError';
import { controlClasses, labelClasses } from '@/components/form/styles';
import { serverFieldErrors } from '@/components/form/zod-errors';
import { AppLayout } from '@/layouts/AppLayout';
import { errorMessage } from '@/lib/errors';
import { useCan } from '@/lib/page';
import { useUpdateThemeMutation } from '@/store/company-settings-api';
import { CompanySettingsPage } from './Index';

const SWATCHES = ['#4669FA', '#0F766E', '#7C3AED', '#BE123C', '#C2410C', '#15803D', '#0369A1', '#1E293B'];

/** What the colour looks like where it is used: a button, a link, the PDF's table head, an e-mail band. */
function Preview({ theme }: { theme: Theme }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2" aria-label="Preview">
      <div className="rounded-md border border-slate-200 p-4 dark:border-slate-700">
        <p className="mb-3 text-xs font-medium text-slate-500 uppercase dark:text-slate-400">App</p>
        <span className="inline-block rounded-md px-4 py-2 text-sm font-medium" style={{ background: theme.primary, color: theme.on_primary }}>
          Save
        </span>{' '}
        <span className="ms-3 text-sm font-medium underline" style={{ color: theme.primary_strong }}>
          A link
        </span>
      </div>
      <div className="rounded-md border border-slate-200 p-4 dark:border-slate-700">
        <p className="mb-3 text-xs font-medium text-slate-500 uppercase dark:text-slate-400">Document and e-mail</p>
        <p className="text-lg font-bold" style={{ color: theme.primary_strong }}>
          Invoice
        </p>
        <div className="mt-2 rounded-sm px-2 py-1 text-xs font-semibold" style={{ background: theme.primary, color: theme.on_primary }}>
          Item · Quantity · Price · Amount
        </div>
      </div>
    </div>
  );
}

/** Settings/Company/Theme: the brand colour of the shell, the public pages, the PDFs and the e-mails, with a contrast check. */
export default function CompanyTheme({ brand_color, company_slug }: { brand_color: string | null; theme: Theme; company_slug: string }) {
  const canUpdate = useCan('company_settings.update');
  const [update, { isLoading }] = useUpdateThemeMutation();
  const [value, setValue] = useState(brand_color ?? DEFAULT_BRAND_COLOUR);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const valid = HEX_COLOUR.test(value);
  const theme = useMemo(() => themeOf(valid ? value : null), [value, valid]);

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!valid) {
      setError('Enter a colour as # and six hexadecimal digits, e.g. #4669FA.');
      return;
    }
    try {
      const answer = await update({ brand_color: value }).unwrap();
      if (answer.data.theme.warnings.length) toast.warning(answer.message);
      else toast.success(answer.message);
      router.reload({ only: ['tenant'] });
    } catch (err) {
      setError(serverFieldErrors(err)?.brand_color ?? null);
      if (!serverFieldErrors(err)) toast.error(errorMessage(err, 'Failed to update settings'));
    }
  }

  return (
    <CompanySettingsPage title="Theme" description="Your brand colour on every page of the app, your public pages, PDFs and e-mails." current="theme">
      <Card>
        <form onSubmit={save} noValidate className="flex max-w-3xl flex-col gap-6">
          <fieldset disabled={!canUpdate} className="flex flex-col gap-3">
            <legend className={labelClasses}>Brand colour</legend>
            <div className="flex flex-wrap items-center gap-3">
              <input
                type="color"
                aria-label="Pick a colour"
                value={valid ? value.toLowerCase() : '#000000'}
                onChange={(e) => {
                  setValue(e.target.value.toUpperCase());
                  setError(null);
                }}
                className="h-10 w-14 cursor-pointer rounded-md border border-slate-300 bg-white p-1 dark:border-slate-600 dark:bg-slate-800"
              />
              <label htmlFor={id} className="sr-only">
                Colour code
              </label>
              <input
                id={id}
                name="brand_color"
                value={value}
                onChange={(e) => {
                  setValue(e.target.value.trim().toUpperCase());
                  setError(null);
                }}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : `${id}-contrast`}
                className={controlClasses(Boolean(error), 'w-32 font-mono')}
              />
              <div className="flex flex-wrap gap-2" role="group" aria-label="Suggested colours">
                {SWATCHES.map((s) => (
                  <button
                    key={s}
                    type="button"
                    onClick={() => {
                      setValue(s);
                      setError(null);
                    }}
                    aria-label={`Use ${s}`}
                    aria-pressed={value === s}
                    className="size-8 rounded-full ring-offset-2 focus-visible:outline-2 focus-visible:outline-primary aria-pressed:ring-2 aria-pressed:ring-slate-900 dark:ring-offset-slate-800 dark:aria-pressed:ring-white"
                    style={{ background: s }}
                  />
                ))}
              </div>
            </div>
            <FieldError id={`${id}-error`} message={error} />
          </fieldset>

          <div id={`${id}-contrast`} aria-live="polite">
            {valid && theme.warnings.length > 0 ? (
              <div role="alert" className="flex gap-2 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm text-orange-900 dark:text-orange-200">
                <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                <div>
                  <p className="font-medium">Contrast warning</p>
                  {theme.warnings.map((w) => (
                    <p key={w}>{w}</p>
                  ))}
                  <p className="mt-1">You can still save it: text on the colour switches to {theme.on_primary === '#FFFFFF' ? 'white' : 'dark ink'}, and links use a darker shade.</p>
                </div>
              </div>
            ) : valid ? (
              <p className="flex items-center gap-2 text-sm text-green-700 dark:text-green-400">
                <CheckCircle2 aria-hidden="true" className="size-4" /> Text on this colour reaches {formatDecimal(Math.round(Math.max(theme.contrast_white, 0) * 100) / 100)}:1 — it passes WCAG AA.
              </p>
            ) : null}
          </div>

          <Preview theme={theme} />

          <div className="flex flex-wrap items-center gap-3">
            {canUpdate && (
              <Button type="submit" disabled={isLoading}>
                {isLoading ? 'Saving…' : 'Save'}
              </Button>
            )}
            {canUpdate && brand_color && (
              <Button variant="ghost" onClick={() => setValue(DEFAULT_BRAND_COLOUR)}>
                Back to Kazi blue
              </Button>
            )}
            {company_slug && (
              <a href={`/quotes/request?company=${encodeURIComponent(company_slug)}`} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 text-sm font-medium text-primary-strong hover:underline dark:text-primary-light">
                See a public page <ExternalLink aria-hidden="true" className="size-3.5" />
              </a>
            )}
          </div>
        </form>
      </Card>
    </CompanySettingsPage>
  );
}

CompanyTheme.layout = AppLayout;
