import { initials } from '@/lib/format';
import { cx } from '../cx';

const SIZES = { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-16 text-lg', xl: 'size-24 text-2xl' } as const;

/**
 * A person's picture, or their initials on the primary tint. Decorative by default (the name is
 * shown beside it); pass `alt` when it stands alone.
 */
export function Avatar({ src, name, size = 'md', alt = '', className }: { src?: string | null; name: string; size?: keyof typeof SIZES; alt?: string; className?: string }) {
  const classes = cx('inline-grid shrink-0 place-items-center overflow-hidden rounded-full', SIZES[size], className);
  if (src) return <img src={src} alt={alt} className={cx(classes, 'object-cover ring-1 ring-slate-900/5 dark:ring-white/10')} />;
  return (
    // blue-700 on the primary tint: the palette colour itself is 3.96:1 there, under 4.5:1 for small initials
    <span className={cx(classes, 'bg-primary/10 font-semibold text-blue-700 dark:bg-primary/20 dark:text-blue-300')} role={alt ? 'img' : undefined} aria-label={alt || undefined} aria-hidden={alt ? undefined : true}>
      {initials(name)}
    </span>
  );
}
