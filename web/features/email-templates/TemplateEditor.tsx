import { router, useForm } from '@inertiajs/react';
import { Braces, Eye, Save, Send } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { emailTemplateTestSchema } from '@common/schemas/email-template-test';
import { EMAIL_PREHEADER_MAX, EMAIL_SUBJECT_MAX, EMAIL_TEMPLATE_NAME_MAX, emailTemplateSchema } from '@common/schemas/email-templates';
import { Button } from '@/components/form/Button';
import { SelectField } from '@/components/form/SelectField';
import { TextField } from '@/components/form/TextFields';
import { useZodForm } from '@/components/form/useZodForm';
import { Modal } from '@/components/overlay/Modal';
import { errorMessage, fieldErrorsOf } from '@/lib/errors';
import { useCan, useSharedProps } from '@/lib/page';
import { SHORT_TOAST } from '@/lib/toasts';
import {
  useCreateEmailTemplateMutation,
  useGetEmailEditorConfigQuery,
  usePreviewEmailTemplateMutation,
  useSendEmailTemplateTestMutation,
  useUpdateEmailTemplateMutation,
  type EmailEditorConfig,
  type EmailTemplateFull,
  type EmailTemplatePreview,
} from '@/store/email-templates-api';
import type { Editor } from './grapes';
import { contactLookup } from '@/features/outreach/lookups';

/** What a new template starts with: a heading, a text and a button, to change or drag away. */
export const STARTER_MJML = `<mjml>
  <mj-body background-color="#f1f5f9">
    <mj-section background-color="#ffffff" padding="24px">
      <mj-column>
        <mj-text font-size="24px" font-weight="bold" color="#0f172a">Hello {{ first_name | default: "friend" }}</mj-text>
        <mj-text font-size="15px" line-height="1.6" color="#334155">Write your message here.</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;

type Values = { name: string; subject: string; preheader: string; mjml: string };
type Focus = 'subject' | 'preheader' | 'canvas';

/** sample contacts to preview as, by name with their e-mail */
const CONTACTS = contactLookup('email');

/** The GrapesJS canvas and its blocks, loaded on demand (a dynamic import: other pages never load it). */
function Canvas({ template, config, onReady }: { template: EmailTemplateFull | null; config: EmailEditorConfig; onReady: (editor: Editor) => void }) {
  const canvasRef = useRef<HTMLDivElement>(null);
  const blocksRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  useEffect(() => {
    let editor: Editor | undefined;
    let cancelled = false;
    import('./grapes')
      .then(({ createEditor }) => {
        if (cancelled || !canvasRef.current || !blocksRef.current) return;
        editor = createEditor({ container: canvasRef.current, blocks: blocksRef.current, design: template?.design ?? null, mjml: template?.mjml ?? STARTER_MJML, fonts: config.fonts });
        editor.onReady(() => {
          setState('ready');
          onReady(editor!);
        });
      })
      .catch(() => setState('failed'));
    return () => {
      cancelled = true;
      editor?.destroy();
    };
    // the editor is made once per page; a saved template keeps its editor
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div className="grid min-h-[640px] grid-cols-1 overflow-hidden rounded-lg border border-slate-200 lg:grid-cols-[220px_1fr] dark:border-slate-700" dir="ltr">
      <section aria-label="Blocks" className="max-h-[640px] overflow-y-auto border-b border-slate-200 bg-slate-50 p-2 lg:border-e lg:border-b-0 dark:border-slate-700 dark:bg-slate-800">
        <p className="px-1 pb-2 text-xs font-medium text-slate-600 dark:text-slate-300">Drag a block onto the e-mail</p>
        <div ref={blocksRef} data-testid="email-blocks" />
      </section>
      <div className="relative h-[640px]">
        {state !== 'ready' && (
          <p role={state === 'failed' ? 'alert' : 'status'} className="absolute inset-0 z-10 flex items-center justify-center bg-white text-sm text-slate-600 dark:bg-slate-900 dark:text-slate-300">
            {state === 'failed' ? 'The editor could not be loaded. Reload the page to try again.' : 'Loading the editor…'}
          </p>
        )}
        <div ref={canvasRef} data-testid="email-canvas" className="h-full" />
      </div>
    </div>
  );
}

/**
 * The message as a contact gets it, rendered by the server (values HTML-escaped) and shown in a
 * sandboxed frame with no script allowed and its own origin: nothing in it can run or reach the app.
 */
function PreviewDialog({ preview, onClose, contactId, onContact, busy }: { preview: EmailTemplatePreview | null; onClose: () => void; contactId: number | null; onContact: (id: number | null) => void; busy: boolean }) {
  const canSeeContacts = useCan('contacts.view');
  const picker = useForm<{ contact_id: number | null }>({ contact_id: contactId });
  const [view, setView] = useState<'html' | 'text'>('html');
  useEffect(() => {
    if (picker.data.contact_id !== contactId) onContact(picker.data.contact_id);
  }, [picker.data.contact_id, contactId, onContact]);
  return (
    <Modal open onClose={onClose} size="xl" title="Preview">
      <div className="flex flex-col gap-3" aria-busy={busy}>
        {canSeeContacts ? (
          <SelectField form={picker} name="contact_id" label="As received by" placeholder="A sample contact" hint="Search your contacts by name, e-mail or phone." load={CONTACTS} />
        ) : (
          <p className="text-xs text-slate-500 dark:text-slate-400">As a sample contact would receive it.</p>
        )}
        {preview ? (
          <>
            <p className="text-sm text-slate-700 dark:text-slate-200">
              <span className="font-medium">Subject: </span>
              <span dir="auto" data-testid="preview-subject">
                {preview.subject}
              </span>
            </p>
            <div role="group" aria-label="Version" className="flex gap-2">
              <Button size="sm" variant={view === 'html' ? 'primary' : 'outline'} aria-pressed={view === 'html'} onClick={() => setView('html')}>
                HTML
              </Button>
              <Button size="sm" variant={view === 'text' ? 'primary' : 'outline'} aria-pressed={view === 'text'} onClick={() => setView('text')}>
                Plain text
              </Button>
            </div>
            {view === 'html' ? (
              <iframe title="E-mail preview" sandbox="" srcDoc={preview.html} data-testid="preview-frame" className="h-[60vh] w-full rounded-md border border-slate-200 bg-white dark:border-slate-700" />
            ) : (
              <pre dir="auto" data-testid="preview-text" className="h-[60vh] overflow-auto rounded-md bg-slate-100 p-3 text-sm whitespace-pre-wrap text-slate-900 dark:bg-slate-800 dark:text-slate-100">
                {preview.text}
              </pre>
            )}
          </>
        ) : (
          <p role="status" className="text-sm text-slate-500 dark:text-slate-400">
            Rendering…
          </p>
        )}
      </div>
    </Modal>
  );
}

/** "Send test": the saved template, rendered for a contact (or the sample contact), to one address through the company's email settings. */
function SendTestDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { auth } = useSharedProps<{ auth?: { user?: { email?: string } } }>();
  const canSeeContacts = useCan('contacts.view');
  const form = useZodForm<{ email: string; contact_id: number | null }>(emailTemplateTestSchema, { email: auth?.user?.email ?? '', contact_id: null });
  const [send] = useSendEmailTemplateTestMutation();
  const [failure, setFailure] = useState<string | null>(null);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // the dialog sits in a portal but inside the template's form in React's tree: its submit is its own
    event.stopPropagation();
    setFailure(null);
    try {
      const answer = await form.submitWith((data) => send({ id, ...data }).unwrap(), event.currentTarget);
      if (answer) {
        toast.success(answer.message, SHORT_TOAST);
        onClose();
      }
    } catch (err) {
      setFailure(errorMessage(err, 'The test email could not be sent.'));
    }
  }
  return (
    <Modal
      open
      onClose={onClose}
      title="Send a test"
      description="The saved version goes to this address, marked [Test], through your email settings."
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="email-template-test" disabled={form.processing} busy={form.processing}>
            Send test
          </Button>
        </>
      }
    >
      <form id="email-template-test" onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        {failure && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-500/10 dark:text-red-200">
            {failure}
          </p>
        )}
        <TextField form={form} name="email" label="Send to" type="email" required autoFocus />
        {canSeeContacts && <SelectField form={form} name="contact_id" label="As received by" placeholder="A sample contact" load={CONTACTS} />}
      </form>
    </Modal>
  );
}

/**
 * Email/Templates/Create and Edit: name, subject and preheader, the visual editor (GrapesJS with
 * the MJML preset), variables put where the cursor is, a preview for a chosen contact, and a save
 * that the server compiles (its refusals, MJML's included, shown in words).
 */
export function TemplateEditor({ template }: { template: EmailTemplateFull | null }) {
  const editing = template !== null;
  const { data: config, error: configError, refetch: refetchConfig } = useGetEmailEditorConfigQuery();
  const [create] = useCreateEmailTemplateMutation();
  const [update] = useUpdateEmailTemplateMutation();
  const [renderPreview, previewState] = usePreviewEmailTemplateMutation();
  const form = useZodForm<Values>(emailTemplateSchema, {
    name: template?.name ?? '',
    subject: template?.subject ?? '',
    preheader: template?.preheader ?? '',
    mjml: template?.mjml ?? STARTER_MJML,
  });
  const editorRef = useRef<Editor | null>(null);
  const [ready, setReady] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string[]>([]);
  const [focus, setFocus] = useState<Focus>('canvas');
  const [previewOpen, setPreviewOpen] = useState(false);
  const [preview, setPreview] = useState<EmailTemplatePreview | null>(null);
  const [contactId, setContactId] = useState<number | null>(null);
  const [testing, setTesting] = useState(false);
  const canSend = useCan('email.send');

  const current = async () => {
    const { editorMjml, editorDesign } = await import('./grapes');
    const editor = editorRef.current!;
    return { mjml: editorMjml(editor), design: editorDesign(editor) };
  };

  function insert(variable: string) {
    const tag = `${config!.merge_tag.open}${variable}${config!.merge_tag.close}`;
    if (focus === 'subject' || focus === 'preheader') {
      const box = document.getElementById(`email-template-${focus}`) as HTMLInputElement | null;
      const text = form.data[focus];
      const start = box?.selectionStart ?? text.length;
      const end = box?.selectionEnd ?? text.length;
      form.setData(focus, text.slice(0, start) + tag + text.slice(end));
      requestAnimationFrame(() => {
        box?.focus();
        box?.setSelectionRange(start + tag.length, start + tag.length);
      });
      return;
    }
    void import('./grapes').then(({ insertVariable }) => {
      if (!editorRef.current || !insertVariable(editorRef.current, tag)) toast.info('Double-click a text block, put the cursor where the variable goes, then choose the variable.');
    });
  }

  /** the preview of what is on screen now, for the chosen contact; a stale token is renewed once */
  async function showPreview(contact: number | null = contactId) {
    if (!config || !editorRef.current) return;
    setPreviewOpen(true);
    setPreview(null);
    const { mjml } = await current();
    const body = { subject: form.data.subject, preheader: form.data.preheader || null, mjml, contact_id: contact };
    const attempt = (token: string) => renderPreview({ ...body, token }).unwrap();
    try {
      setPreview(
        await attempt(config.token).catch(async (err: unknown) => {
          // the editor's token expired (the page stayed open an hour): a new one, once
          if ((err as { status?: number }).status !== 401) throw err;
          return attempt((await refetchConfig().unwrap()).token);
        }),
      );
    } catch (err) {
      setPreviewOpen(false);
      const fields = fieldErrorsOf(err);
      setFailure(Object.keys(fields).length ? Object.values(fields) : [errorMessage(err, 'The preview could not be shown.')]);
    }
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure([]);
    if (!editorRef.current || !form.validate(event.currentTarget)) return;
    setSaving(true);
    try {
      const { mjml, design } = await current();
      const data = { name: form.data.name, subject: form.data.subject, preheader: form.data.preheader || null, mjml, design };
      const answer = editing ? await update({ id: template.id, ...data }).unwrap() : await create(data).unwrap();
      form.setData('mjml', mjml);
      toast.success(answer.message, SHORT_TOAST);
      if (!editing) router.visit(`/email/templates/${answer.data.id}/edit`);
    } catch (err) {
      const fields = fieldErrorsOf(err);
      const onInputs = Object.fromEntries(Object.entries(fields).filter(([k]) => k in form.data && k !== 'mjml'));
      if (Object.keys(onInputs).length) form.setError(onInputs as Record<keyof Values, string>);
      const rest = Object.entries(fields)
        .filter(([k]) => !(k in onInputs))
        .map(([, v]) => v);
      setFailure(rest.length ? rest : Object.keys(onInputs).length ? [] : [errorMessage(err, 'The template could not be saved.')]);
    } finally {
      setSaving(false);
    }
  }

  if (configError) {
    return (
      <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-500/10 dark:text-red-200">
        {errorMessage(configError, 'The editor could not be started.')}
      </p>
    );
  }

  return (
    <form onSubmit={(e) => void save(e)} noValidate className="flex flex-col gap-4">
      {failure.length > 0 && (
        <div role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-500/10 dark:text-red-200" data-testid="template-failure">
          {failure.map((f) => (
            <p key={f}>{f}</p>
          ))}
        </div>
      )}
      <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 md:grid-cols-3 dark:border-slate-700 dark:bg-slate-800">
        <TextField form={form} name="name" label="Name" required maxLength={EMAIL_TEMPLATE_NAME_MAX} autoFocus={!editing} />
        <TextField form={form} name="subject" id="email-template-subject" label="Subject" required maxLength={EMAIL_SUBJECT_MAX} dir="auto" onFocus={() => setFocus('subject')} />
        <TextField form={form} name="preheader" id="email-template-preheader" label="Preheader" maxLength={EMAIL_PREHEADER_MAX} dir="auto" hint="The line mail apps show after the subject." onFocus={() => setFocus('preheader')} />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <fieldset className="flex flex-wrap items-center gap-2" disabled={!config}>
          <legend className="sr-only">Insert a variable</legend>
          <span aria-hidden="true" className="text-sm font-medium text-slate-700 dark:text-slate-300">
            Insert:
          </span>
          {config?.variables.map((v) => (
            <Button
              key={v.variable}
              size="sm"
              variant="outline"
              // keeps the caret where it is in the canvas or the field
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => insert(v.variable)}
              title={`{{ ${v.variable} }}`}
              aria-label={`Insert ${v.label}`}
            >
              <Braces aria-hidden="true" className="size-3.5" />
              {v.label}
            </Button>
          ))}
        </fieldset>
        <div className="ms-auto flex gap-2">
          {editing && canSend && (
            <Button variant="outline" onClick={() => setTesting(true)} title="Send the saved version to an address">
              <Send aria-hidden="true" className="size-4" />
              Send test
            </Button>
          )}
          <Button variant="outline" onClick={() => void showPreview()} disabled={!ready}>
            <Eye aria-hidden="true" className="size-4" />
            Preview
          </Button>
          <Button type="submit" disabled={!ready || saving} busy={saving}>
            <Save aria-hidden="true" className="size-4" />
            {editing ? 'Save' : 'Create template'}
          </Button>
        </div>
      </div>
      <div>
        {config ? (
          <Canvas
            template={template}
            config={config}
            onReady={(editor) => {
              editorRef.current = editor;
              // working in the canvas (its own frame: no focus event reaches this page) makes it the variables' target
              editor.on('component:selected rte:enable', () => setFocus('canvas'));
              setReady(true);
            }}
          />
        ) : (
          <p role="status" className="text-sm text-slate-500 dark:text-slate-400">
            Loading the editor…
          </p>
        )}
      </div>
      {testing && editing && <SendTestDialog id={template.id} onClose={() => setTesting(false)} />}
      {previewOpen && (
        <PreviewDialog
          preview={preview}
          busy={previewState.isLoading}
          contactId={contactId}
          onContact={(id) => {
            setContactId(id);
            void showPreview(id);
          }}
          onClose={() => setPreviewOpen(false)}
        />
      )}
    </form>
  );
}
