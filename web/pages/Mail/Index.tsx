import { Head } from '@inertiajs/react';
import { Mail as MailIcon, MailOpen, PenSquare, Search, Star, Trash2 } from 'lucide-react';
import { type FormEvent, useReducer, useState } from 'react';
import { toast } from 'react-toastify';
import { cx } from '@/components/cx';
import { Avatar } from '@/components/display/Avatar';
import { PageHeader } from '@/components/display/PageHeader';
import { Button } from '@/components/form/Button';
import { Modal } from '@/components/overlay/Modal';
import { DEMO_FILTERS, demoReducer, initialDemoState, visibleMails, type DemoEmail, type DemoFilter } from '@/features/mail-demo/demo-mail';
import { AppLayout } from '@/layouts/AppLayout';
import { DELETED, SENT, SHORT_TOAST } from '@/lib/toasts';

const FILTER_LABELS: Record<DemoFilter, string> = {
  all: 'Inbox',
  sent: 'Sent',
  draft: 'Draft',
  spam: 'Spam',
  trash: 'Trash',
  personal: 'Personal',
  social: 'Social',
  promotions: 'Promotions',
  business: 'Business',
  favourites: 'Favourites',
};

/**
 * Mail/Index (PAGES.md, /mail): the demo mail app with sample data (SPEC §2–§4). Its state is the
 * browser's own: nothing here reaches a real mailbox (that is /mailbox).
 */
export default function DemoMail() {
  const [state, dispatch] = useReducer(demoReducer, initialDemoState);
  const [open, setOpen] = useState<DemoEmail | null>(null);
  const [composing, setComposing] = useState(false);
  const [draft, setDraft] = useState({ title: '', desc: '' });
  const [draftError, setDraftError] = useState<string | null>(null);
  const list = visibleMails(state);
  const allChecked = state.mails.length > 0 && state.mails.every((m) => m.is_checked);

  const remove = (id: number) => {
    dispatch({ type: 'delete', id });
    setOpen(null);
    toast.warning(DELETED, SHORT_TOAST);
  };
  const openMail = (m: DemoEmail) => {
    if (!m.isread) dispatch({ type: 'toggleRead', id: m.id });
    setOpen({ ...m, isread: true });
  };
  const send = (e: FormEvent) => {
    e.preventDefault();
    if (!draft.title.trim() || !draft.desc.trim()) {
      setDraftError('Enter a recipient and a message.');
      return;
    }
    dispatch({ type: 'send', mail: { title: draft.title.trim(), desc: draft.desc.trim() } });
    setComposing(false);
    setDraft({ title: '', desc: '' });
    setDraftError(null);
    toast.success(SENT, SHORT_TOAST);
  };

  return (
    <>
      <Head title="Demo mail" />
      <PageHeader title="Demo mail" description="A sample mail app: try it freely, nothing here is sent." />
      <div className="grid gap-4 lg:grid-cols-[14rem_minmax(0,1fr)]">
        <aside className="flex flex-col gap-3 rounded-md bg-white p-4 shadow-sm ring-1 ring-slate-900/5 dark:bg-dark dark:ring-white/10" aria-label="Demo mail folders">
          <Button onClick={() => setComposing(true)}>
            <PenSquare className="size-4" aria-hidden /> Compose
          </Button>
          <nav aria-label="Filters">
            <ul className="flex flex-col gap-1">
              {DEMO_FILTERS.map((f) => (
                <li key={f}>
                  <button
                    type="button"
                    aria-current={state.filter === f ? 'true' : undefined}
                    onClick={() => dispatch({ type: 'filter', filter: f })}
                    className={cx(
                      'w-full rounded-md px-3 py-2 text-start text-sm',
                      state.filter === f ? 'bg-primary/10 font-medium text-primary-text dark:text-white' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-700/50',
                    )}
                  >
                    {FILTER_LABELS[f]}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
        </aside>
        <section className="min-w-0 rounded-md bg-white shadow-sm ring-1 ring-slate-900/5 dark:bg-dark dark:ring-white/10" aria-label="Demo mails">
          <div className="flex items-center gap-3 border-b border-slate-100 p-3 dark:border-slate-700">
            <input type="checkbox" className="size-4 rounded accent-primary" aria-label="Select all" checked={allChecked} onChange={() => dispatch({ type: 'selectAll' })} />
            <Search className="size-4 text-slate-500" aria-hidden />
            <input
              type="search"
              value={state.search}
              onChange={(e) => dispatch({ type: 'search', search: e.target.value })}
              placeholder="Search mail"
              aria-label="Search demo mail"
              className="min-w-0 flex-1 border-0 bg-transparent text-sm focus:ring-0 dark:text-white"
            />
          </div>
          <ul className="divide-y divide-slate-100 dark:divide-slate-700">
            {list.length === 0 && <li className="p-6 text-center text-sm text-slate-600 dark:text-slate-400">No mail here.</li>}
            {list.map((m) => (
              <li key={m.id} className="flex items-center gap-3 p-3" data-testid="demo-mail">
                <input type="checkbox" className="size-4 rounded accent-primary" aria-label={`Select ${m.title}`} checked={m.is_checked} onChange={() => dispatch({ type: 'toggleChecked', id: m.id })} />
                <button type="button" aria-label={m.isfav ? `Remove ${m.title} from favourites` : `Add ${m.title} to favourites`} aria-pressed={m.isfav} onClick={() => dispatch({ type: 'toggleFav', id: m.id })}>
                  <Star className={cx('size-4', m.isfav ? 'fill-amber-400 text-amber-500' : 'text-slate-400')} aria-hidden />
                </button>
                <Avatar name={m.image} size="sm" />
                <button type="button" onClick={() => openMail(m)} className="min-w-0 flex-1 text-start">
                  <span className={cx('block truncate text-sm', m.isread ? 'text-slate-700 dark:text-slate-300' : 'font-semibold text-slate-900 dark:text-white')}>{m.title}</span>
                  <span className="block truncate text-xs text-slate-600 dark:text-slate-400">{m.desc}</span>
                </button>
                <span className="shrink-0 text-xs text-slate-600 dark:text-slate-400">{m.lastime}</span>
                <button type="button" aria-label={m.isread ? `Mark ${m.title} unread` : `Mark ${m.title} read`} onClick={() => dispatch({ type: 'toggleRead', id: m.id })} className="text-slate-500">
                  {m.isread ? <MailOpen className="size-4" aria-hidden /> : <MailIcon className="size-4" aria-hidden />}
                </button>
                <button type="button" aria-label={`Delete ${m.title}`} onClick={() => remove(m.id)} className="text-slate-500 hover:text-red-600">
                  <Trash2 className="size-4" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <Modal
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open?.title ?? ''}
        footer={
          open && (
            <Button variant="danger" onClick={() => remove(open.id)}>
              <Trash2 className="size-4" aria-hidden /> Delete
            </Button>
          )
        }
      >
        <p className="text-sm text-slate-700 dark:text-slate-300">{open?.desc}</p>
      </Modal>

      <Modal open={composing} onClose={() => setComposing(false)} title="Compose">
        <form onSubmit={send} className="flex flex-col gap-3" noValidate>
          {draftError && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {draftError}
            </p>
          )}
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-medium text-slate-700 dark:text-slate-300">To</span>
            <input autoFocus value={draft.title} onChange={(e) => setDraft({ ...draft, title: e.target.value })} className="rounded-md border-slate-300 dark:border-slate-600 dark:bg-slate-800 dark:text-white" />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-medium text-slate-700 dark:text-slate-300">Message</span>
            <textarea rows={5} value={draft.desc} onChange={(e) => setDraft({ ...draft, desc: e.target.value })} className="rounded-md border-slate-300 dark:border-slate-600 dark:bg-slate-800 dark:text-white" />
          </label>
          <Button type="submit" className="self-end">
            Send
          </Button>
        </form>
      </Modal>
    </>
  );
}

DemoMail.layout = AppLayout;
