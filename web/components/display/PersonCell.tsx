import { Link } from '@inertiajs/react';
import { useSharedProps } from '@/lib/page';
import { Avatar } from './Avatar';
import { formatDateTime, timeAgo } from './time';

/**
 * A person in a table row: avatar, name (a link when `href` is given) and email; `online` adds
 * a green dot on the avatar (the company's online-users presence channel).
 */
export function PersonCell({ name, email, avatarUrl, href, online }: { name: string; email: string; avatarUrl: string | null; href?: string; online?: boolean }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <span className="relative shrink-0">
        <Avatar src={avatarUrl} name={name} size="sm" />
        {online && (
          <span
            data-testid="online-dot"
            title="Online"
            className="absolute -end-0.5 -bottom-0.5 size-2.5 rounded-full bg-success ring-2 ring-white dark:ring-dark"
          >
            <span className="sr-only">Online</span>
          </span>
        )}
      </span>
      <div className="min-w-0">
        {href ? (
          <Link
            href={href}
            className="block truncate rounded-sm font-medium text-slate-900 hover:text-primary hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary dark:text-white"
          >
            {name}
          </Link>
        ) : (
          <div className="truncate font-medium text-slate-900 dark:text-white">{name}</div>
        )}
        <div className="truncate text-xs text-slate-500 dark:text-slate-400">{email}</div>
      </div>
    </div>
  );
}

/** "3 hours ago", with the full date in the company's time zone on hover; "Never" without one. */
export function LastActivity({ at }: { at: string | null }) {
  const { tenant, formats } = useSharedProps();
  if (!at) return <span className="text-slate-500 dark:text-slate-400">Never</span>;
  return (
    <time dateTime={at} title={formatDateTime(at, tenant?.timezone, formats?.date_format)}>
      {timeAgo(at)}
    </time>
  );
}
