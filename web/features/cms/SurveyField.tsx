import { Field } from '@/components/form/Field';
import { selectClasses } from '@/components/form/styles';
import { useGetSurveysQuery } from '@/features/surveys/api';

/** The survey a page's survey block shows: one of the company's surveys. */
export function SurveyField({ value, onChange, error }: { value: number | null; onChange: (id: number | null) => void; error: string | null }) {
  const list = useGetSurveysQuery({ page: 1, per_page: 100 } as never);
  const surveys = (Array.isArray(list.data) ? list.data : (list.data as { data?: { id: number; name: string }[] } | undefined)?.data) ?? [];
  return (
    <Field label="Survey" required error={error}>
      {(control) => (
        <select {...control} value={value ?? ''} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)} className={selectClasses}>
          <option value="">Choose a survey…</option>
          {surveys.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
