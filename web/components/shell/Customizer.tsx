import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Field, Label, Description, Switch } from '@headlessui/react';
import { RotateCcw, Settings, X } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { cx } from '@/components/cx';
import { PREFERENCE_OPTIONS, resetPreferences, setPreference, usePreferences, type Preferences } from '@/lib/preferences';
import { focusRing, iconButton } from './styles';

type ChoiceKey = keyof typeof PREFERENCE_OPTIONS;
type BooleanKey = { [K in keyof Preferences]: Preferences[K] extends boolean ? K : never }[keyof Preferences];

const LABELS: { [K in ChoiceKey]: { legend: string; options: Record<Preferences[K], string> } } = {
  direction: { legend: 'Direction', options: { ltr: 'Left to right', rtl: 'Right to left' } },
  skin: { legend: 'Skin', options: { default: 'Default', bordered: 'Bordered' } },
  type: { legend: 'Menu layout', options: { vertical: 'Vertical', horizontal: 'Horizontal' } },
  contentWidth: { legend: 'Content width', options: { full: 'Full width', boxed: 'Boxed' } },
  navbarType: { legend: 'Navbar', options: { sticky: 'Sticky', static: 'Static', floating: 'Floating', hidden: 'Hidden' } },
  footerType: { legend: 'Footer', options: { static: 'Static', sticky: 'Sticky', hidden: 'Hidden' } },
};

function Choice<K extends ChoiceKey>({ name }: { name: K }) {
  const prefs = usePreferences();
  const { legend, options } = LABELS[name];
  const values = PREFERENCE_OPTIONS[name] as unknown as readonly Preferences[K][];
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-900 dark:text-white">{legend}</legend>
      <div className={cx('grid gap-2', values.length > 3 ? 'grid-cols-2' : values.length === 3 ? 'grid-cols-3' : 'grid-cols-2')}>
        {values.map((value) => (
          <label
            key={value}
            className={cx(
              'flex cursor-pointer items-center justify-center rounded-md border px-2 py-2 text-center text-sm transition-colors',
              'border-slate-200 text-slate-700 hover:border-slate-300 dark:border-slate-600 dark:text-slate-200 dark:hover:border-slate-500',
              'has-checked:border-primary has-checked:bg-primary/10 has-checked:font-medium has-checked:text-primary dark:has-checked:border-primary-light dark:has-checked:bg-primary/20 dark:has-checked:text-white',
              'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary',
            )}
          >
            <input
              type="radio"
              name={name}
              value={value}
              checked={prefs[name] === value}
              onChange={() => setPreference(name, value)}
              className="sr-only"
            />
            {options[value]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Toggle({ name, label, description, disabled = false }: { name: BooleanKey; label: string; description?: string; disabled?: boolean }) {
  const prefs = usePreferences();
  return (
    <Field disabled={disabled} className="flex items-start justify-between gap-4">
      <span className="min-w-0">
        <Label className="text-sm font-medium text-slate-900 data-disabled:opacity-60 dark:text-white">{label}</Label>
        {description && <Description className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">{description}</Description>}
      </span>
      <Switch
        checked={prefs[name]}
        onChange={(value) => setPreference(name, value)}
        className={cx(
          'group relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-300 transition-colors data-checked:bg-primary data-disabled:cursor-not-allowed data-disabled:opacity-50 dark:bg-slate-600 dark:data-checked:bg-primary',
          focusRing,
        )}
      >
        <span aria-hidden="true" className="ms-0.5 size-5 rounded-full bg-white shadow transition-[margin] duration-150 group-data-checked:ms-[1.375rem] motion-reduce:transition-none" />
      </Switch>
    </Field>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-4 border-b border-slate-100 px-5 py-5 last:border-b-0 dark:border-slate-700">
      <h3 id={id} className="text-xs font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The customizer's content: every layout preference, applied and stored as soon as it changes. */
function CustomizerPanel({ onClose }: { onClose: () => void }) {
  const prefs = usePreferences();
  return (
    <>
      <div className="flex h-16 shrink-0 items-center justify-between gap-3 border-b border-slate-100 px-5 dark:border-slate-700">
        <div>
          <DialogTitle className="text-base font-semibold text-slate-900 dark:text-white">Theme customizer</DialogTitle>
          <p className="text-xs text-slate-600 dark:text-slate-400">Saved in this browser.</p>
        </div>
        <button type="button" className={iconButton} onClick={onClose} aria-label="Close customizer">
          <X className="size-5" aria-hidden="true" />
        </button>
      </div>
      <div className="flex-1 overflow-y-auto">
        <Section title="Appearance">
          <Toggle name="darkMode" label="Dark mode" />
          <Toggle
            name="semiDarkMode"
            label="Semi-dark"
            description={prefs.darkMode ? 'Has no effect in dark mode.' : 'A dark sidebar on a light page.'}
            disabled={prefs.darkMode}
          />
          <Toggle name="monochrome" label="Monochrome" description="Shows the whole app in shades of grey." />
          <Choice name="skin" />
        </Section>
        <Section title="Layout">
          <Choice name="type" />
          <Toggle
            name="sidebarCollapsed"
            label="Collapsed sidebar"
            description={prefs.type === 'horizontal' ? 'Only for the vertical layout.' : 'Icons only, labels on hover.'}
            disabled={prefs.type === 'horizontal'}
          />
          <Choice name="contentWidth" />
          <Choice name="direction" />
        </Section>
        <Section title="Navbar and footer">
          <Choice name="navbarType" />
          <Choice name="footerType" />
        </Section>
      </div>
      <div className="border-t border-slate-100 p-4 dark:border-slate-700">
        <button
          type="button"
          onClick={resetPreferences}
          className={cx(
            'inline-flex h-10 w-full items-center justify-center gap-2 rounded-md border border-slate-300 text-sm font-medium text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-700',
            focusRing,
          )}
        >
          <RotateCcw className="size-4" aria-hidden="true" />
          Reset to defaults
        </button>
      </div>
    </>
  );
}

/** The gear button and the slide-over it opens (from the end side). */
export function Customizer({ floating = false }: { floating?: boolean }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label="Theme customizer"
        aria-haspopup="dialog"
        className={
          floating
            ? cx(
                'fixed end-0 top-1/2 z-30 hidden -translate-y-1/2 items-center justify-center rounded-s-md bg-primary p-2.5 text-white shadow-lg hover:bg-primary-strong lg:flex',
                focusRing,
              )
            : iconButton
        }
      >
        <Settings className={cx('size-5', floating && 'animate-[spin_6s_linear_infinite] motion-reduce:animate-none')} aria-hidden="true" />
      </button>
      <Dialog open={open} onClose={close} className="fixed inset-0 z-50">
        <DialogBackdrop transition className="fixed inset-0 bg-slate-900/40 transition-opacity duration-200 data-closed:opacity-0 motion-reduce:transition-none" />
        <DialogPanel
          transition
          className="fixed inset-y-0 end-0 flex w-full max-w-sm flex-col bg-white text-slate-700 shadow-2xl transition-transform duration-200 data-closed:translate-x-full motion-reduce:transition-none rtl:data-closed:-translate-x-full dark:bg-dark dark:text-slate-300"
        >
          <CustomizerPanel onClose={close} />
        </DialogPanel>
      </Dialog>
    </>
  );
}
