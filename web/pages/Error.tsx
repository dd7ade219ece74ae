import { Head, Link } from '@inertiajs/react';
import { ArrowLeft, House, RefreshCw } from 'lucide-react';
import { AuthAwareLayout } from '@/components/display/AuthAwareLayout';
import { Button, buttonClasses } from '@/components/form/Button';
import { useSharedProps } from '@/lib/page';

type Status = 403 | 404 | 419 | 500 | 503;

const CONTENT: Record<Status, { title: string; text: string }> = {
  403: { title: 'Forbidden', text: 'You do not have permission to open this page. Ask an administrator of your company if you need access.' },
  404: { title: 'Not Found', text: 'The page you are looking for does not exist, or it has been moved or deleted.' },
  419: { title: 'Page Expired', text: 'The page stayed open too long and its security token expired. Reload the page and try again.' },
  500: { title: 'Server Error', text: 'Something went wrong on our side. Please try again in a moment.' },
  503: { title: 'Service Unavailable', text: 'Kazi is down for maintenance or too busy right now. Please try again in a few minutes.' },
};

type Props = { status: Status; message?: string };

export default function ErrorPage({ status, message }: Props) {
  const { auth } = useSharedProps();
  const signedIn = Boolean(auth?.user);
  const content = CONTENT[status] ?? CONTENT[500];
  // The server's own sentence, when it says more than the title ("This action is unauthorized.").
  const detail = message && !message.replace(/\.$/, '').trim().toLowerCase().startsWith(content.title.toLowerCase()) ? message : null;

  return (
    <>
      <Head title={content.title} />
      <div className="mx-auto flex max-w-lg flex-col items-center py-12 text-center">
        <p className="text-6xl font-bold text-primary tabular-nums" aria-hidden="true">
          {status}
        </p>
        <h1 className="mt-4 text-2xl font-semibold text-slate-900 dark:text-white">
          <span className="sr-only">{status} </span>
          {content.title}
        </h1>
        <p className="mt-3 text-slate-600 dark:text-slate-400">{content.text}</p>
        {detail && <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{detail}</p>}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link href={signedIn ? '/dashboard' : '/'} className={buttonClasses('primary')}>
            <House aria-hidden="true" className="size-4" />
            {signedIn ? 'Back to the dashboard' : 'Back to the home page'}
          </Link>
          {status === 419 ? (
            <Button variant="outline" onClick={() => window.location.reload()}>
              <RefreshCw aria-hidden="true" className="size-4" />
              Reload the page
            </Button>
          ) : (
            <Button variant="outline" onClick={() => window.history.back()}>
              <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
              Go back
            </Button>
          )}
        </div>
      </div>
    </>
  );
}

ErrorPage.layout = AuthAwareLayout;
