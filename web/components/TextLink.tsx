import { Link, type InertiaLinkProps } from '@inertiajs/react';
import { cx } from './cx';

export const textLinkClasses =
  'rounded-sm font-medium text-primary dark:text-primary-light underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';

/** An inline Inertia link in the primary colour. */
export function TextLink({ className, ...rest }: InertiaLinkProps) {
  return <Link className={cx(textLinkClasses, className)} {...rest} />;
}
