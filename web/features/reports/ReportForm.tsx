import { Link, router } from '@inertiajs/react';
import { toast } from 'react-toastify';
import { isPeriodReport, REPORT_TYPE_DESCRIPTIONS, REPORT_TYPE_LABELS, REPORT_TYPES, type ReportType } from '@common/reports/types';
import { PERIOD_BASES, PERIOD_LABELS, RANGE_KINDS, RANGE_LABELS, reportFormSchema, toReportInput, type ReportFormValues } from '@common/schemas/reports';
import { Card } from '@/components/display/Card';
import { buttonClasses } from '@/components/form/Button';
import { SelectField } from '@/components/form/SelectField';
import { SubmitButton } from '@/components/form/SubmitButton';
import { DateField, TextareaField, TextField } from '@/components/form/TextFields';
import { useZodForm } from '@/components/form/useZodForm';
import { errorMessage } from '@/lib/errors';
import { useCreateReportMutation, useUpdateReportMutation, type ReportRow } from './api';
import { formatDayMonth } from '@common/format';

export type ReportFormProps = { financialYearStart: string; today: string; currency: string };

type Values = {
  name: string;
  type: ReportType;
  description: string;
  period: 'month' | 'quarter' | 'year';
  range: (typeof RANGE_KINDS)[number];
  date_from: string;
  date_to: string;
  as_of: string;
};

/** The API names settings errors `settings.date_from`; the form's fields are flat. */
function flatErrors(err: unknown): unknown {
  const e = err as { data?: { errors?: Record<string, unknown> } };
  if (!e?.data?.errors) return err;
  return { ...e, data: { ...e.data, errors: Object.fromEntries(Object.entries(e.data.errors).map(([k, v]) => [k.replace(/^settings\./, ''), v])) } };
}

const monthName = (fy: string) => {
  const [d, m] = fy.split('-').map(Number);
  return formatDayMonth(d, m);
};

/** Name, type, description and the settings of a report definition (Reports/Create and Edit). */
export function ReportForm({ report, options }: { report?: ReportRow; options: ReportFormProps }) {
  const s = report?.settings;
  const form = useZodForm<Values>(reportFormSchema, {
    name: report?.name ?? '',
    type: report?.type ?? 'profit_loss',
    description: report?.description ?? '',
    period: s?.period ?? 'month',
    range: s?.range ?? 'this_year',
    date_from: s?.date_from ?? '',
    date_to: s?.date_to ?? '',
    as_of: s?.as_of ?? '',
  });
  const [create] = useCreateReportMutation();
  const [update] = useUpdateReportMutation();
  const periodic = isPeriodReport(form.data.type);

  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const element = e.currentTarget;
    try {
      const answer = await form.submitWith(async (data) => {
        const input = toReportInput(data as ReportFormValues);
        try {
          return report ? await update({ id: report.id, ...input }).unwrap() : await create(input).unwrap();
        } catch (err) {
          throw flatErrors(err);
        }
      }, element);
      if (!answer) return;
      toast.success(answer.message);
      router.visit(`/reports/${answer.data.id}`);
    } catch (err) {
      toast.error(errorMessage(err, 'The report could not be saved.'));
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-6">
      <Card title="Report">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField form={form} name="name" label="Name" required maxLength={255} />
          <SelectField
            form={form}
            name="type"
            label="Type"
            required
            options={REPORT_TYPES.map((t) => ({ value: t, label: REPORT_TYPE_LABELS[t] }))}
            hint={REPORT_TYPE_DESCRIPTIONS[form.data.type]}
          />
          <TextareaField form={form} name="description" label="Description" className="sm:col-span-2" maxLength={1000} />
        </div>
      </Card>
      <Card title="Settings">
        <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
          Amounts are in {options.currency}. The financial year starts on {monthName(options.financialYearStart)}; quarters and years count from it.
        </p>
        {periodic ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField form={form} name="period" label="Columns" required options={PERIOD_BASES.map((p) => ({ value: p, label: PERIOD_LABELS[p] }))} />
            <SelectField form={form} name="range" label="Date range" required options={RANGE_KINDS.map((r) => ({ value: r, label: RANGE_LABELS[r] }))} />
            {form.data.range === 'custom' && (
              <>
                <DateField form={form} name="date_from" label="From" required />
                <DateField form={form} name="date_to" label="To" required />
              </>
            )}
          </div>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            <DateField form={form} name="as_of" label="As of" hint={`Leave empty for the day the report is opened (today ${options.today}).`} />
          </div>
        )}
      </Card>
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton form={form}>{report ? 'Save changes' : 'Create report'}</SubmitButton>
        <Link href={report ? `/reports/${report.id}` : '/reports'} className={buttonClasses('outline')}>
          Cancel
        </Link>
      </div>
    </form>
  );
}
