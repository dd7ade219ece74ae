import { useForm } from '@inertiajs/react';
import { useRef, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { Button } from '@/components/form/Button';
import { Field } from '@/components/form/Field';
import { showRefusal } from '@/components/form/refused';
import { controlClasses } from '@/components/form/styles';
import { SwitchField } from '@/components/form/SwitchField';
import { TagsField } from '@/components/form/TagsField';
import { NumberField } from '@/components/form/TextFields';
import type { FieldErrors } from '@/components/form/zod-errors';
import { Modal } from '@/components/overlay/Modal';
import { errorMessage, fieldErrorsOf } from '@/lib/errors';
import { useSaveSmsSettingsMutation, type SmsSettings } from '@/store/sms-api';

type Values = { quiet_hours_enabled: boolean; quiet_start: string; quiet_end: string; pause_error_rate: number | null; pause_min_sample: number | null; sender_ids: string[] };

function TimeField({ form, name, label, disabled }: { form: ReturnType<typeof useForm<Values>>; name: 'quiet_start' | 'quiet_end'; label: string; disabled: boolean }) {
  const error = (form.errors as Record<string, string | undefined>)[name] ?? null;
  return (
    <Field label={label} error={error} required>
      {(control) => (
        <input
          {...control}
          type="time"
          name={name}
          disabled={disabled}
          value={form.data[name]}
          onChange={(e) => form.setData(name, e.target.value)}
          className={controlClasses(Boolean(error), 'tabular-nums')}
        />
      )}
    </Field>
  );
}

/** The form inside the dialog; mounted with the settings it edits, so it starts from them each time it opens. */
function RulesForm({ settings, onClose }: { settings: SmsSettings; onClose: () => void }) {
  const form = useForm<Values>({ ...settings });
  const [save, { isLoading }] = useSaveSmsSettingsMutation();
  const formRef = useRef<HTMLFormElement>(null);

  const refuse = (errors: FieldErrors) => {
    form.clearErrors();
    (form.setError as unknown as (errors: FieldErrors) => void)(errors);
    showRefusal(formRef.current, errors);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const local: FieldErrors = {};
    if (form.data.pause_error_rate === null) local.pause_error_rate = 'The error rate is required.';
    if (form.data.pause_min_sample === null) local.pause_min_sample = 'The number of answers is required.';
    if (Object.keys(local).length) return refuse(local);
    try {
      const answer = await save(form.data as SmsSettings).unwrap();
      toast.success(answer.message);
      onClose();
    } catch (err) {
      const errors = fieldErrorsOf(err);
      if (Object.keys(errors).length) refuse(errors);
      else toast.error(errorMessage(err, 'Failed to save the sending rules'));
    }
  };

  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-5">
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">Quiet hours</legend>
        <SwitchField form={form} name="quiet_hours_enabled" label="Hold SMS during quiet hours" hint="A send that would go out between these times waits for their end, unless it is sent even in quiet hours." />
        <div className="grid gap-3 sm:grid-cols-2">
          <TimeField form={form} name="quiet_start" label="From" disabled={!form.data.quiet_hours_enabled} />
          <TimeField form={form} name="quiet_end" label="Until" disabled={!form.data.quiet_hours_enabled} />
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">Automatic pause</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <NumberField form={form} name="pause_error_rate" label="Error rate above (%)" min={1} max={100} required />
          <NumberField form={form} name="pause_min_sample" label="After at least (answers)" min={1} required />
        </div>
        <p className="text-xs text-slate-500 dark:text-slate-400">A send pauses itself when more of its messages than this share were refused or failed, once enough answers came back.</p>
      </fieldset>
      <TagsField form={form} name="sender_ids" label="Sender IDs" hint="Offered when composing; the first is the default. Each must be registered with your SMS provider." placeholder="Type a sender ID, then Enter" maxLength={11} />
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4 dark:border-slate-700">
        <Button variant="outline" onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button type="submit" busy={isLoading} disabled={isLoading}>
          Save
        </Button>
      </div>
    </form>
  );
}

/** "Sending rules" (GET/PUT /sms/settings): quiet hours, the automatic pause and the sender IDs, with the server's errors on the fields. */
export function SendingRulesDialog({ open, settings, onClose }: { open: boolean; settings: SmsSettings | undefined; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title="Sending rules" description="How and when your SMS go out." size="lg">
      {settings ? <RulesForm key={JSON.stringify(settings)} settings={settings} onClose={onClose} /> : <p role="status">Loading…</p>}
    </Modal>
  );
}
