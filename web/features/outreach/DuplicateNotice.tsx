import { Link, router } from '@inertiajs/react';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button, buttonClasses } from '@/components/form/Button';
import { errorMessage } from '@/lib/errors';
import { useLazyGetOutreachContactQuery, useSearchContactsQuery, useUpdateOutreachContactMutation } from '@/store/outreach-api';
import { pickExisting, searchTextFor, updateWithTyped, type Duplicate, type Typed } from './duplicates';

/** A create refused as a duplicate (decision 0029): the value that is taken, and everything typed. */
export type DuplicateFound = Duplicate & { typed: Typed };

const WHAT = { phone: 'phone number', email: 'email address' } as const;

/**
 * Under a refused create: names the contact who already has the phone or e-mail, and offers to
 * open it, to update it with what was typed (its normal update: nothing deleted, consent choices
 * added to its history), or to keep editing this form.
 */
export function DuplicateNotice({ duplicate, onKeepEditing }: { duplicate: DuplicateFound; onKeepEditing: () => void }) {
  const { data: matches, isFetching, isError } = useSearchContactsQuery(searchTextFor(duplicate));
  const existing = matches ? pickExisting(matches, duplicate) : null;
  const [getContact] = useLazyGetOutreachContactQuery();
  const [update] = useUpdateOutreachContactMutation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function updateExisting(id: number) {
    setBusy(true);
    setFailure(null);
    try {
      // its tags and notes are joined, not replaced: read them first
      const current = await getContact(id).unwrap();
      const answer = await update({ id, ...updateWithTyped(current, duplicate.typed) }).unwrap();
      toast.success(answer.message);
      router.visit(`/contacts/${id}`);
    } catch (err) {
      setFailure(errorMessage(err, 'An error occurred'));
      setBusy(false);
    }
  }

  const name = existing ? existing.name || existing.phone || existing.email : '';
  return (
    <section aria-labelledby="duplicate-title" className="rounded-md bg-amber-50 px-5 py-4 text-sm text-amber-950 ring-1 ring-amber-200 dark:bg-amber-500/10 dark:text-amber-100 dark:ring-amber-500/30" data-testid="duplicate-notice">
      <h2 id="duplicate-title" className="font-semibold">
        This {WHAT[duplicate.field]} already belongs to a contact
      </h2>
      <p className="mt-1" role="status">
        {isFetching && !existing ? (
          'Looking for that contact…'
        ) : existing ? (
          <>
            <strong className="font-semibold">{name}</strong> already has <span dir="ltr">{duplicate.field === 'phone' ? existing.phone : existing.email}</span>. Open that contact, update it with the details typed here, or change the {WHAT[duplicate.field]} to keep this one apart.
          </>
        ) : isError ? (
          'That contact could not be looked up. Change the ' + WHAT[duplicate.field] + ' to save this one.'
        ) : (
          `No contact you may see has it. Change the ${WHAT[duplicate.field]} to save this one.`
        )}
      </p>
      {failure && (
        <p role="alert" className="mt-2 text-red-700 dark:text-red-300">
          {failure}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {existing && (
          <>
            <Link href={`/contacts/${existing.id}`} className={buttonClasses('outline', 'sm')}>
              Open the existing contact
            </Link>
            <Button size="sm" onClick={() => void updateExisting(existing.id)} disabled={busy} busy={busy}>
              Update it with these details
            </Button>
          </>
        )}
        <Button size="sm" variant="ghost" onClick={onKeepEditing}>
          Keep editing
        </Button>
      </div>
    </section>
  );
}
