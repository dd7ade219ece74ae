import { ChevronDown } from 'lucide-react';
import type { FormEvent } from 'react';
import type { ImportColumnInfo, ImportUploadAnswer } from '@common/schemas/import';
import { cx } from '@/components/cx';
import { Card } from '@/components/display/Card';
import { Button } from '@/components/form/Button';
import { Field } from '@/components/form/Field';
import { selectClasses } from '@/components/form/styles';
import { formatCount } from '@common/format';

type Props = {
  upload: ImportUploadAnswer;
  columns: readonly ImportColumnInfo[];
  mapping: Record<string, string>;
  onChange: (mapping: Record<string, string>) => void;
  /** the server's 422 on the mapping, by field */
  errors: Record<string, string>;
  busy: boolean;
  onBack: () => void;
  onPreview: () => void;
};

/**
 * Step 2: for each field, the file's column that fills it. The selects start with the server's
 * suggestion (headers matched by name or alias); the first row's value shows what was picked.
 */
export function MappingStep({ upload, columns, mapping, onChange, errors, busy, onBack, onPreview }: Props) {
  const firstRow = upload.sample[0] ?? [];
  const valueOf = (header: string | undefined) => (header ? (firstRow[upload.headers.indexOf(header)] ?? '') : '');
  const missing = columns.filter((c) => c.required && !mapping[c.field]);

  function submit(e: FormEvent) {
    e.preventDefault();
    onPreview();
  }

  return (
    <Card title="Match the columns">
      <form onSubmit={submit} noValidate>
        <p className="mb-5 text-sm text-slate-600 dark:text-slate-400">
          <strong className="font-medium text-slate-900 dark:text-white">{upload.filename}</strong> has {formatCount(upload.total)}{' '}
          {upload.total === 1 ? 'row' : 'rows'} and {upload.headers.length} columns. Choose which column fills each field; columns left out are not imported.
        </p>
        <div className="grid gap-x-6 gap-y-4 md:grid-cols-2">
          {columns.map((c) => {
            const header = mapping[c.field];
            const example = valueOf(header);
            return (
              <Field
                key={c.field}
                id={`map-${c.field}`}
                label={c.label}
                required={c.required}
                error={errors[`mapping.${c.field}`] ?? null}
                hint={header ? (example ? `First row: ${example}` : 'First row: (empty)') : undefined}
              >
                {(control) => (
                  <div className="relative">
                    <select
                      {...control}
                      className={cx(selectClasses, errors[`mapping.${c.field}`] && 'border-danger')}
                      value={header ?? ''}
                      onChange={(e) => {
                        const next = { ...mapping };
                        if (e.target.value) next[c.field] = e.target.value;
                        else delete next[c.field];
                        onChange(next);
                      }}
                    >
                      <option value="">{c.required ? 'Choose a column…' : "Don't import"}</option>
                      {upload.headers.map((h) => (
                        <option key={h} value={h}>
                          {h}
                        </option>
                      ))}
                    </select>
                    <ChevronDown aria-hidden="true" className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
                  </div>
                )}
              </Field>
            );
          })}
        </div>
        {missing.length > 0 && (
          <p className="mt-5 text-sm text-slate-600 dark:text-slate-400">Required: {missing.map((c) => c.label).join(', ')}.</p>
        )}
        <div className="mt-6 flex flex-wrap gap-2">
          <Button variant="outline" onClick={onBack} disabled={busy}>
            Choose another file
          </Button>
          <Button type="submit" disabled={busy || missing.length > 0} busy={busy}>
            Preview the rows
          </Button>
        </div>
      </form>
    </Card>
  );
}
