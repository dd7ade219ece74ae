import { lineAmount, plainNumber, sheetColumns } from '@common/documents/sheet';
import { isZero, negate, type CurrencyFormat } from '@common/money';
import { Money } from '@/components/money';
import type { Company } from './kinds';
import { DateText } from '@/components/display/DateText';

/** What the printed sheet needs of a document (an authenticated read or the public estimate). */
export type SheetDocument = {
  document_number: string;
  order_number?: string | null;
  title?: string | null;
  issued_at: string;
  due_at: string | null;
  currency_code: string;
  contact_name: string;
  contact_email?: string | null;
  contact_tax_number?: string | null;
  contact_phone?: string | null;
  contact_address?: string | null;
  sub_total: string;
  discount_total: string;
  total: string;
  notes?: string | null;
  footer?: string | null;
};
export type SheetLine = { id: number; name: string; description: string | null; quantity: string; price: string; sub_total: string; discount: string; total: string };
export type SheetTax = { name: string; rate: string; type: string; amount: string; included?: boolean };
export type SheetColumns = { item: string; quantity: string; price: string };

const trim = plainNumber;

/**
 * The document as it prints: the company and its logo, the contact snapshot kept on the
 * document, the lines, the totals, notes and footer. Used by Show and by Estimates/Public.
 */
/** Columns a phone drops: their figures read under the item instead (quantity × price). */
const ON_WIDE_SCREENS = new Set(['quantity', 'price', 'discount']);

export function DocumentSheet({
  doc,
  lines,
  taxes,
  company,
  currency,
  label,
  contactLabel,
  dueLabel,
  columns = { item: 'Items', quantity: 'Quantity', price: 'Price' },
  amountDue,
  paid,
}: {
  doc: SheetDocument;
  lines: readonly SheetLine[];
  taxes: readonly SheetTax[];
  company: Company;
  currency: CurrencyFormat | undefined;
  label: string;
  contactLabel: string;
  dueLabel: string;
  columns?: SheetColumns;
  amountDue?: string | null;
  /** what is paid so far: a "Paid" row above the amount due, as the PDF prints it */
  paid?: string | null;
}) {
  const money = (amount: string) => <Money amount={amount} currency={currency} code={doc.currency_code} />;
  const hasDiscount = !isZero(doc.discount_total);
  // the same columns and figures as the PDF (common/documents/sheet.ts)
  const cols = sheetColumns(lines, columns);
  return (
    <article className="rounded-md bg-white p-6 text-sm text-slate-700 shadow-sm ring-1 ring-slate-900/5 sm:p-8 dark:bg-dark dark:text-slate-300 dark:ring-white/10" aria-label={`${label} ${doc.document_number}`}>
      <header className="flex flex-wrap items-start justify-between gap-6 border-b border-slate-100 pb-6 dark:border-slate-700">
        <div className="min-w-0">
          {company.logo && <img src={company.logo} alt={`${company.name} logo`} className="mb-3 max-h-14 max-w-48 object-contain" />}
          <p className="text-base font-semibold text-slate-900 dark:text-white">{company.name}</p>
          {company.address && <p className="whitespace-pre-line">{company.address}</p>}
          {company.email && <p>{company.email}</p>}
          {company.phone && <p>{company.phone}</p>}
          {company.tax_number && <p>Tax number: {company.tax_number}</p>}
        </div>
        <div className="text-end">
          <p className="text-2xl font-semibold tracking-wide text-slate-900 uppercase dark:text-white">{doc.title || label}</p>
          <dl className="mt-2 grid grid-cols-[auto_auto] justify-end gap-x-4 gap-y-1">
            <dt className="text-slate-500 dark:text-slate-400">Number</dt>
            <dd className="font-medium text-slate-900 dark:text-white">{doc.document_number}</dd>
            {doc.order_number && (
              <>
                <dt className="text-slate-500 dark:text-slate-400">Order number</dt>
                <dd>{doc.order_number}</dd>
              </>
            )}
            <dt className="text-slate-500 dark:text-slate-400">Issued</dt>
            <dd>
              <DateText value={doc.issued_at} />
            </dd>
            {doc.due_at && (
              <>
                <dt className="text-slate-500 dark:text-slate-400">{dueLabel}</dt>
                <dd>
                  <DateText value={doc.due_at} />
                </dd>
              </>
            )}
          </dl>
        </div>
      </header>

      <section className="py-6" aria-label={contactLabel}>
        <h2 className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">{contactLabel}</h2>
        <p className="mt-1 font-semibold text-slate-900 dark:text-white">{doc.contact_name}</p>
        {doc.contact_address && <p className="whitespace-pre-line">{doc.contact_address}</p>}
        {doc.contact_email && <p>{doc.contact_email}</p>}
        {doc.contact_phone && <p>{doc.contact_phone}</p>}
        {doc.contact_tax_number && <p>Tax number: {doc.contact_tax_number}</p>}
      </section>

      <div className="overflow-x-auto">
        {/* on a phone the lines reflow: quantity × price go under the item's name, so the amount stays in view */}
        <table className="w-full text-start" data-testid="document-lines">
          <caption className="sr-only">Lines</caption>
          <thead>
            <tr className="border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase dark:border-slate-600 dark:text-slate-400">
              {cols.map((c, i) => (
                <th
                  key={c.key}
                  scope="col"
                  className={`py-2 font-medium ${c.align === 'start' ? 'text-start' : 'text-end'} ${i === 0 ? 'pe-3' : i === cols.length - 1 ? 'ps-3' : 'px-3'} ${ON_WIDE_SCREENS.has(c.key) ? 'max-sm:hidden' : ''}`}
                >
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.id} className="border-b border-slate-100 align-top dark:border-slate-700">
                <td className="py-3 pe-3">
                  <span className="font-medium text-slate-900 dark:text-white">{l.name}</span>
                  {l.description && <span className="block text-xs whitespace-pre-line text-slate-500 dark:text-slate-400">{l.description}</span>}
                  <span className="mt-0.5 block text-xs text-slate-600 sm:hidden dark:text-slate-400">
                    <span className="sr-only">{columns.quantity} </span>
                    <bdi className="tabular-nums">{trim(l.quantity)}</bdi> × <span className="sr-only">{columns.price} </span>
                    {money(l.price)}
                  </span>
                </td>
                <td className="px-3 py-3 text-end tabular-nums max-sm:hidden">{trim(l.quantity)}</td>
                <td className="px-3 py-3 text-end max-sm:hidden">{money(l.price)}</td>
                {cols.some((c) => c.key === 'discount') && <td className="px-3 py-3 text-end max-sm:hidden">{isZero(l.discount) ? '' : money(negate(l.discount))}</td>}
                {/* quantity × price: the amounts add up to the Sub-total; discounts and taxes are taken under it */}
                <td className="py-3 ps-3 text-end">{money(lineAmount(l))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <dl className="ms-auto mt-6 grid max-w-xs grid-cols-[1fr_auto] gap-y-2 [&>dd]:ps-6" aria-label="Totals">
        <dt>Sub-total</dt>
        <dd className="text-end">{money(doc.sub_total)}</dd>
        {hasDiscount && (
          <>
            <dt>Discount</dt>
            <dd className="text-end">{money(negate(doc.discount_total))}</dd>
          </>
        )}
        {taxes.map((t) => (
          <TaxLine key={`${t.name}-${t.rate}-${t.type}`} tax={t} money={money} />
        ))}
        <dt className="border-t border-slate-200 pt-2 font-semibold text-slate-900 dark:border-slate-600 dark:text-white">Total</dt>
        <dd className="border-t border-slate-200 pt-2 text-end font-semibold text-slate-900 dark:border-slate-600 dark:text-white" data-testid="sheet-total">
          {money(doc.total)}
        </dd>
        {paid != null && !isZero(paid) && (
          <>
            <dt>Paid</dt>
            <dd className="text-end">{money(negate(paid))}</dd>
          </>
        )}
        {amountDue != null && (
          <>
            <dt className="font-medium">Amount due</dt>
            <dd className="text-end font-medium" data-testid="sheet-amount-due">
              {money(amountDue)}
            </dd>
          </>
        )}
      </dl>

      {(doc.notes || doc.footer) && (
        <footer className="mt-8 space-y-3 border-t border-slate-100 pt-6 dark:border-slate-700">
          {doc.notes && (
            <div>
              <h2 className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">Notes</h2>
              <p className="mt-1 whitespace-pre-line">{doc.notes}</p>
            </div>
          )}
          {doc.footer && <p className="text-xs whitespace-pre-line text-slate-500 dark:text-slate-400">{doc.footer}</p>}
        </footer>
      )}
    </article>
  );
}

function TaxLine({ tax, money }: { tax: SheetTax; money: (amount: string) => React.ReactNode }) {
  const rate = tax.type === 'fixed' ? `${trim(tax.rate)} per unit` : `${trim(tax.rate)}%`;
  return (
    <>
      <dt>
        {tax.name} ({rate}){tax.included ? ', included' : ''}
      </dt>
      <dd className="text-end">{money(tax.amount)}</dd>
    </>
  );
}
