import { Head, Link } from '@inertiajs/react';
import type { ReactNode } from 'react';
import { ApplicationLogo } from '@/components/ApplicationLogo';
import { buttonClasses } from '@/components/form/Button';
import { CalendarIcon, ChartIcon, FolderIcon, MailIcon, MegaphoneIcon, WalletIcon } from '@/components/icons';
import { useSharedProps } from '@/lib/page';

const FEATURES: Array<{ title: string; text: string; icon: ReactNode }> = [
  {
    title: 'Accounting and sales',
    text: 'Invoices, bills and estimates, customers and vendors, items, taxes, currencies, bank accounts and reports.',
    icon: <ChartIcon />,
  },
  {
    title: 'Outreach',
    text: 'Contacts and segments, bulk SMS, airtime, email templates and sends, with metrics for every channel.',
    icon: <MegaphoneIcon />,
  },
  {
    title: 'Campaigns and events',
    text: 'Campaigns, organisers, events with RSVP invitations and reminders, surveys, workflows and tasks.',
    icon: <CalendarIcon />,
  },
  {
    title: 'Prepaid wallet',
    text: 'Buy credits once, spend them on messages and airtime, and follow every movement.',
    icon: <WalletIcon />,
  },
  {
    title: 'Mailbox and chat',
    text: 'Connect several mailboxes, read and reply in one place, and talk to your team.',
    icon: <MailIcon />,
  },
  {
    title: 'Pages and media',
    text: 'Publish pages, keep files in a shared media library, and control who sees what with roles.',
    icon: <FolderIcon />,
  },
];

export default function Home() {
  const { auth } = useSharedProps();
  const user = auth?.user ?? null;

  return (
    <div className="min-h-screen bg-page dark:bg-dark-gray">
      <Head title="Welcome" />
      <header className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-5 sm:px-6">
        <ApplicationLogo />
        <nav aria-label="Account" className="flex items-center gap-2">
          {user ? (
            <Link href="/dashboard" className={buttonClasses('primary')}>
              Dashboard
            </Link>
          ) : (
            <>
              <Link href="/login" className={buttonClasses('ghost')}>
                Log in
              </Link>
              <Link href="/register" className={buttonClasses('primary')}>
                Register
              </Link>
            </>
          )}
        </nav>
      </header>

      <main>
        <section className="mx-auto max-w-6xl px-4 pt-12 pb-16 text-center sm:px-6 sm:pt-20">
          <h1 className="mx-auto max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl dark:text-white">
            The back office for organisations that sell, bill and reach people
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-600 dark:text-slate-300">
            Kazi brings your accounting, outreach and campaigns together: one place for your team, your customers and
            your numbers.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            {user ? (
              <Link href="/dashboard" className={buttonClasses('primary', 'md', 'h-11 px-6')}>
                Open your back office
              </Link>
            ) : (
              <>
                <Link href="/register" className={buttonClasses('primary', 'md', 'h-11 px-6')}>
                  Create your organisation
                </Link>
                <Link href="/login" className={buttonClasses('outline', 'md', 'h-11 px-6')}>
                  I already have an account
                </Link>
              </>
            )}
          </div>
        </section>

        <section aria-labelledby="features" className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
          <h2 id="features" className="sr-only">
            What Kazi does
          </h2>
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map((f) => (
              <li key={f.title} className="rounded-md bg-white p-6 shadow-sm ring-1 ring-slate-900/5 dark:bg-dark dark:ring-white/10">
                <span className="mb-4 grid size-11 place-items-center rounded-full bg-primary/10 text-primary" aria-hidden="true">
                  {f.icon}
                </span>
                <h3 className="font-semibold text-slate-900 dark:text-white">{f.title}</h3>
                <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{f.text}</p>
              </li>
            ))}
          </ul>
        </section>
      </main>

      <footer className="border-t border-slate-200 py-6 text-center text-xs text-slate-400 dark:border-slate-800">
        © {new Date().getFullYear()} Kazi
      </footer>
    </div>
  );
}
