import { Head, router } from '@inertiajs/react';
import { CircleCheck, CircleX, Info } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { CurrencyFormat } from '@common/money';
import { Button } from '@/components/form/Button';
import { ConfirmDialog } from '@/components/overlay/ConfirmDialog';
import { cx } from '@/components/cx';
import { DocumentSheet, type SheetColumns, type SheetDocument, type SheetLine, type SheetTax } from './DocumentSheet';
import type { Company } from './kinds';
import { DateText } from '@/components/display/DateText';

export type EstimatePublicProps = {
  token: string;
  company: Company;
  estimate: SheetDocument & { id: number; status: string };
  lines: SheetLine[];
  taxes: SheetTax[];
  currency: CurrencyFormat | null;
  columns: SheetColumns;
  canDecide: boolean;
};

/** The public pages' own frame: the company's name, no app menu, readable in light and dark. */
export function PublicFrame({ company, children }: { company: Company; children?: ReactNode }) {
  return (
    <div className="min-h-screen bg-page px-4 py-8 text-slate-700 sm:py-12 dark:bg-dark-gray dark:text-slate-300">
      <div className="mx-auto w-full max-w-4xl">
        <header className="mb-6 flex items-center gap-3">
          {company.logo ? (
            <img src={company.logo} alt="" className="max-h-10 max-w-32 object-contain" />
          ) : (
            <span aria-hidden="true" className="grid size-10 place-items-center rounded-full bg-primary text-lg font-semibold text-white">
              {company.name.charAt(0).toUpperCase()}
            </span>
          )}
          <p className="text-lg font-semibold text-slate-900 dark:text-white">{company.name}</p>
        </header>
        <main>{children}</main>
      </div>
    </div>
  );
}

const OUTCOME: Record<string, { tone: string; icon: typeof Info; text: string }> = {
  approved: { tone: 'bg-success/15 text-emerald-800 dark:text-success', icon: CircleCheck, text: 'You approved this estimate. Thank you!' },
  refused: { tone: 'bg-danger/10 text-red-700 dark:text-red-300', icon: CircleX, text: 'You refused this estimate.' },
  converted: { tone: 'bg-success/15 text-emerald-800 dark:text-success', icon: CircleCheck, text: 'This estimate was approved and has been turned into an invoice.' },
  draft: { tone: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200', icon: Info, text: 'This estimate has not been sent yet: it cannot be answered.' },
};

/** Estimates/Public: the estimate as it prints, with Approve and Refuse while it waits for an answer. */
export function EstimatePublic({ token, company, estimate, lines, taxes, currency, columns, canDecide }: EstimatePublicProps) {
  const [busy, setBusy] = useState<'approve' | 'refuse' | null>(null);
  const [refusing, setRefusing] = useState(false);
  const decide = (action: 'approve' | 'refuse') =>
    router.post(`/estimates/view/${token}/${action}`, {}, { preserveScroll: true, onStart: () => setBusy(action), onFinish: () => { setBusy(null); setRefusing(false); } });
  const outcome = canDecide ? null : OUTCOME[estimate.status];
  const Icon = outcome?.icon;
  return (
    <PublicFrame company={company}>
      <Head title={`Estimate ${estimate.document_number}`} />
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900 dark:text-white">Estimate {estimate.document_number}</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            For {estimate.contact_name}
            {estimate.due_at ? (
              <>
                , valid until <DateText value={estimate.due_at} />
              </>
            ) : (
              ''
            )}
            .
          </p>
        </div>
        {canDecide && (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setRefusing(true)} disabled={busy !== null}>
              <CircleX aria-hidden="true" className="size-4" />
              Refuse
            </Button>
            <Button onClick={() => decide('approve')} busy={busy === 'approve'} disabled={busy !== null}>
              <CircleCheck aria-hidden="true" className="size-4" />
              Approve
            </Button>
          </div>
        )}
      </div>
      {outcome && Icon && (
        <p role="status" className={cx('mb-6 flex items-center gap-2 rounded-md px-4 py-3 text-sm font-medium', outcome.tone)} data-testid="estimate-outcome">
          <Icon aria-hidden="true" className="size-5 shrink-0" />
          {outcome.text}
        </p>
      )}
      <DocumentSheet
        doc={estimate}
        lines={lines}
        taxes={taxes}
        company={company}
        currency={currency ?? undefined}
        label="Estimate"
        contactLabel="Prepared for"
        dueLabel="Valid until"
        columns={columns}
      />
      <p className="mt-6 text-xs text-slate-600 dark:text-slate-400">
        Questions about this estimate? Reply to the email it came with{company.email ? ` or write to ${company.email}` : ''}.
      </p>
      <ConfirmDialog
        open={refusing}
        onClose={() => setRefusing(false)}
        onConfirm={() => decide('refuse')}
        busy={busy === 'refuse'}
        title="Refuse this estimate?"
        confirmLabel="Refuse estimate"
        cancelLabel="Go back"
      >
        <p>{company.name} will be told that you refused estimate {estimate.document_number}.</p>
      </ConfirmDialog>
    </PublicFrame>
  );
}
