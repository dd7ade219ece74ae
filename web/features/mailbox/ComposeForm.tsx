import { router } from '@inertiajs/react';
import { type FormEvent, useState } from 'react';
import { toast } from 'react-toastify';
import { z } from 'zod';
import type { MailboxAccount } from '@common/schemas/mailbox';
import { Card } from '@/components/display/Card';
import { Button } from '@/components/form/Button';
import { SelectField } from '@/components/form/SelectField';
import { SubmitButton } from '@/components/form/SubmitButton';
import { TextareaField, TextField } from '@/components/form/TextFields';
import { useZodForm } from '@/components/form/useZodForm';
import { errorMessage } from '@/lib/errors';
import { SENT, SHORT_TOAST } from '@/lib/toasts';
import { chatCall as jsonCall } from '@/store/chat-slice';

export type ComposeValues = { mailbox_id: number; to: string; cc: string; subject: string; body: string };

const list = (v: string) =>
  v
    .split(/[,;\s]+/)
    .map((a) => a.trim())
    .filter(Boolean);
const addresses = (label: string, required: boolean) =>
  z
    .string()
    .refine((v) => !required || list(v).length > 0, { error: `Enter at least one ${label} address.` })
    .refine((v) => list(v).every((a) => z.email().safeParse(a).success), { error: `Each ${label} address must be a valid email address.` });

/** The form as typed (addresses comma-separated); POST /mailbox/send takes lists (common/schemas/mailbox.ts sendMailSchema). */
const composeSchema = z.object({
  mailbox_id: z.coerce.number({ error: 'Choose the mailbox to send from.' }).int().min(1, { error: 'Choose the mailbox to send from.' }),
  to: addresses('to', true),
  cc: addresses('cc', false),
  subject: z.string().trim().min(1, { error: 'The subject is required.' }).max(500, { error: 'The subject may not be greater than 500 characters.' }),
  body: z.string().trim().min(1, { error: 'The message is required.' }),
});

/**
 * Mailbox/Compose and Mailbox/Reply's form: sent through the chosen account's SMTP server, the
 * copy kept in its Sent folder; a reply names the mail answered so the server threads it.
 */
export function ComposeForm({
  mailboxes,
  initial,
  replyToId = null,
  draftId = null,
}: {
  mailboxes: MailboxAccount[];
  initial: ComposeValues;
  replyToId?: number | null;
  /** the saved draft this form was reopened from: saving again replaces it */
  draftId?: number | null;
}) {
  const form = useZodForm<ComposeValues>(composeSchema, initial);
  const [failure, setFailure] = useState<string | null>(null);
  const [savingDraft, setSavingDraft] = useState(false);

  // a draft needs no recipient or subject yet: what is typed goes to the Drafts folder as it is
  async function saveDraft() {
    setFailure(null);
    setSavingDraft(true);
    const v = form.data;
    try {
      const answer = await jsonCall<{ message: string }>('POST', '/mailbox/drafts', {
        mailbox_id: Number(v.mailbox_id),
        to: list(v.to),
        cc: list(v.cc),
        subject: v.subject,
        body: v.body,
        draft_id: draftId,
      });
      toast.success(answer.message, SHORT_TOAST);
      router.visit('/mailbox');
    } catch (err) {
      setFailure(errorMessage(err, 'The draft could not be saved'));
    } finally {
      setSavingDraft(false);
    }
  }

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    try {
      const answer = await form.submitWith(async (data) => {
        try {
          return await jsonCall<{ message: string }>('POST', '/mailbox/send', {
            mailbox_id: Number(data.mailbox_id),
            to: list(data.to),
            cc: list(data.cc),
            subject: data.subject,
            body: data.body,
            reply_to_id: replyToId,
          });
        } catch (err) {
          // "to.0" → "to": the field holds the whole list
          const e = err as { errors?: Record<string, string[]> };
          if (e.errors) e.errors = Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [k.replace(/\.\d+$/, ''), v]));
          throw err;
        }
      }, event.currentTarget);
      if (answer) {
        toast.success(SENT, SHORT_TOAST);
        router.visit('/mailbox');
      }
    } catch (err) {
      setFailure(errorMessage(err, 'The mail could not be sent'));
    }
  }

  return (
    <Card>
      <form onSubmit={(e) => void send(e)} noValidate className="flex max-w-3xl flex-col gap-4">
        {failure && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-500/10 dark:text-red-200">
            {failure}
          </p>
        )}
        <SelectField form={form} name="mailbox_id" label="From" options={mailboxes.map((m) => ({ value: m.id, label: `${m.name} <${m.email}>` }))} />
        <TextField form={form} name="to" label="To" required dir="ltr" hint="Separate several addresses with commas." />
        <TextField form={form} name="cc" label="Cc" dir="ltr" />
        <TextField form={form} name="subject" label="Subject" required />
        <TextareaField form={form} name="body" label="Message" required rows={12} />
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton form={form} saved="Sent.">
            Send
          </SubmitButton>
          {replyToId === null && (
            <Button variant="outline" onClick={() => void saveDraft()} busy={savingDraft} disabled={savingDraft}>
              Save draft
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}
