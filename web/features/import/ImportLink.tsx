import { Link } from '@inertiajs/react';
import { Upload } from 'lucide-react';
import type { Permission } from '@common/permissions';
import { buttonClasses } from '@/components/form/Button';
import { useCan } from '@/lib/page';

/** "Import" beside a list's "New …" button, for users who may import into it. */
export function ImportLink({ href, permission }: { href: string; permission: Permission }) {
  if (!useCan(permission)) return null;
  return (
    <Link href={href} className={buttonClasses('outline')}>
      <Upload aria-hidden="true" className="size-4" />
      Import
    </Link>
  );
}
