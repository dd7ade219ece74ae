import { Head, useForm } from '@inertiajs/react';
import { Star } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { askedPath, OTHER, scaleRange, type SurveyFormProps, type SurveyQuestion } from '@common/surveys';
import { controlBase, controlClasses, controlState, selectClasses } from '@/components/form/styles';

type Value = string | number | boolean | string[] | Record<string, string> | undefined;
type Answers = Record<string, Value>;

/** The public frame of a survey: the company's theme sheet, logo and name above a card. */
export function PublicFrame({ company, title, children }: { company: SurveyFormProps['company']; title: string; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-page px-4 py-10 dark:bg-dark-gray">
      <Head title={title}>{company.theme_css && <link rel="stylesheet" href={company.theme_css} />}</Head>
      <main className="kz-site-header mx-auto w-full max-w-2xl rounded-md bg-white px-6 py-8 shadow-sm ring-1 ring-slate-900/5 sm:px-8 dark:bg-dark dark:ring-white/10">
        <div className="mb-6 flex items-center gap-3">
          {company.logo_url && <img src={company.logo_url} alt="" className="h-10 w-auto" />}
          <p className="text-sm font-medium text-slate-600 dark:text-slate-300">
            <bdi>{company.name}</bdi>
          </p>
        </div>
        {children}
      </main>
    </div>
  );
}

const otherText = (v: unknown) => (typeof v === 'string' && v.startsWith(`${OTHER}:`) ? v.slice(OTHER.length + 1).trimStart() : null);

function Choice({ q, value, onChange, name }: { q: SurveyQuestion; value: Value; onChange: (v: Value) => void; name: string }) {
  const multiple = q.type === 'multiple_choice';
  const list = multiple ? ((value as string[] | undefined) ?? []) : [];
  const picked = (o: string) => (multiple ? list.includes(o) : value === o);
  const other = multiple ? list.find((v) => otherText(v) !== null) : otherText(value) !== null ? (value as string) : undefined;
  const toggle = (o: string, on: boolean) => (multiple ? onChange(on ? [...list, o] : list.filter((x) => x !== o)) : onChange(o));
  if (q.type === 'dropdown') {
    return (
      <div className="flex flex-col gap-2">
        <select id={name} value={other !== undefined ? OTHER : ((value as string) ?? '')} onChange={(e) => onChange(e.target.value === OTHER ? `${OTHER}: ` : e.target.value || undefined)} className={selectClasses} aria-describedby={`${name}-help`}>
          <option value="">Choose…</option>
          {q.options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
          {q.allow_other && <option value={OTHER}>{OTHER}</option>}
        </select>
        {other !== undefined && <input aria-label={`${q.label}: other`} dir="auto" value={otherText(other) ?? ''} onChange={(e) => onChange(`${OTHER}: ${e.target.value}`)} className={controlClasses(false)} />}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      {q.options.map((o) => (
        <label key={o} className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
          <input type={multiple ? 'checkbox' : 'radio'} name={name} checked={picked(o)} onChange={(e) => toggle(o, e.target.checked)} />
          {o}
        </label>
      ))}
      {q.allow_other && (
        <div className="flex flex-wrap items-center gap-2">
          <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
            <input
              type={multiple ? 'checkbox' : 'radio'}
              name={name}
              checked={other !== undefined}
              onChange={(e) => (multiple ? onChange(e.target.checked ? [...list, `${OTHER}: `] : list.filter((x) => otherText(x) === null)) : onChange(`${OTHER}: `))}
            />
            {OTHER}
          </label>
          {other !== undefined && (
            <input
              aria-label={`${q.label}: other`}
              dir="auto"
              value={otherText(other) ?? ''}
              onChange={(e) => (multiple ? onChange([...list.filter((x) => otherText(x) === null), `${OTHER}: ${e.target.value}`]) : onChange(`${OTHER}: ${e.target.value}`))}
              className={controlClasses(false, 'max-w-xs')}
            />
          )}
        </div>
      )}
    </div>
  );
}

function Scale({ q, value, onChange, name }: { q: SurveyQuestion; value: Value; onChange: (v: Value) => void; name: string }) {
  const [lo, hi] = scaleRange(q);
  const points = Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
  const stars = q.type === 'rating';
  return (
    <div className="flex flex-wrap gap-1" role="radiogroup" aria-labelledby={`${name}-label`}>
      {points.map((p) => {
        const on = stars ? typeof value === 'number' && p <= value : value === p;
        return (
          <label key={p} className={`flex min-w-10 cursor-pointer items-center justify-center rounded-md border px-2 py-2 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary ${on && !stars ? 'kz-button border-transparent bg-primary text-white' : 'border-slate-300 text-slate-700 dark:border-slate-600 dark:text-slate-200'}`}>
            <input type="radio" name={name} value={p} checked={value === p} onChange={() => onChange(p)} className="sr-only" />
            {stars ? (
              <>
                <Star aria-hidden="true" className={`size-5 ${on ? 'fill-warning text-warning' : 'text-slate-400'}`} />
                <span className="sr-only">{p === 1 ? '1 star' : `${p} stars`}</span>
              </>
            ) : (
              p
            )}
          </label>
        );
      })}
    </div>
  );
}

function Matrix({ q, value, onChange, name }: { q: SurveyQuestion; value: Value; onChange: (v: Value) => void; name: string }) {
  const v = (value as Record<string, string> | undefined) ?? {};
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <thead>
          <tr>
            <td />
            {q.columns.map((c) => (
              <th key={c} scope="col" className="px-2 py-1 text-center font-medium text-slate-600 dark:text-slate-300">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {q.rows.map((r, ri) => (
            <tr key={r} className="border-t border-slate-200 dark:border-slate-700">
              <th scope="row" className="px-2 py-2 text-start font-normal text-slate-700 dark:text-slate-200">
                {r}
              </th>
              {q.columns.map((c) => (
                <td key={c} className="px-2 py-2 text-center">
                  <input type="radio" name={`${name}-${ri}`} aria-label={`${r}: ${c}`} checked={v[r] === c} onChange={() => onChange({ ...v, [r]: c })} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Input({ q, value, onChange, name, invalid }: { q: SurveyQuestion; value: Value; onChange: (v: Value) => void; name: string; invalid: boolean }) {
  const aria = { id: name, 'aria-invalid': invalid || undefined, 'aria-describedby': `${name}-help`, 'aria-required': q.required || undefined };
  switch (q.type) {
    case 'long_text':
      return <textarea {...aria} dir="auto" rows={4} value={(value as string) ?? ''} onChange={(e) => onChange(e.target.value)} className={`${controlBase} ${controlState(invalid)} px-3 py-2`} />;
    case 'single_choice':
    case 'multiple_choice':
    case 'dropdown':
      return <Choice q={q} value={value} onChange={onChange} name={name} />;
    case 'rating':
    case 'nps':
    case 'scale':
      return <Scale q={q} value={value} onChange={onChange} name={name} />;
    case 'yes_no':
      return (
        <div className="flex gap-4" role="radiogroup" aria-labelledby={`${name}-label`}>
          {(['yes', 'no'] as const).map((v) => (
            <label key={v} className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
              <input type="radio" name={name} checked={value === (v === 'yes')} onChange={() => onChange(v === 'yes')} />
              {v === 'yes' ? 'Yes' : 'No'}
            </label>
          ))}
        </div>
      );
    case 'matrix':
      return <Matrix q={q} value={value} onChange={onChange} name={name} />;
    case 'number':
      return <input {...aria} type="number" dir="ltr" min={q.min ?? undefined} max={q.max ?? undefined} value={(value as number | undefined) ?? ''} onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))} className={controlClasses(invalid)} />;
    default: {
      const type = q.type === 'email' ? 'email' : q.type === 'phone' ? 'tel' : q.type === 'date' ? 'date' : 'text';
      return <input {...aria} type={type} dir={type === 'text' ? 'auto' : 'ltr'} value={(value as string) ?? ''} onChange={(e) => onChange(e.target.value)} className={controlClasses(invalid)} />;
    }
  }
}

/**
 * The answer form of Surveys/View and Pages/Survey: the questions the answers so far ask (the
 * same skip logic the server checks), a honeypot field no person sees, and the thank-you.
 */
export function AnswerForm(props: SurveyFormProps) {
  const { survey, action, answered, respondent } = props;
  const form = useForm<{ answers: Answers; website: string }>({ answers: {}, website: '' });
  const errors = form.errors as Record<string, string>;
  const path = askedPath(survey.definition, form.data.answers);
  const asked = new Set(path.questions.map((q) => q.id));
  const set = (id: string, v: Value) => form.setData('answers', { ...form.data.answers, [id]: v });

  function submit(e: FormEvent) {
    e.preventDefault();
    // only what was asked: an answer left behind by a changed earlier answer is not sent
    form.transform((d) => ({ ...d, answers: Object.fromEntries(Object.entries(d.answers).filter(([k]) => asked.has(k))) }));
    form.post(action, { preserveScroll: true });
  }

  if (answered) {
    return (
      <div role="status" className="py-6 text-center">
        <h1 className="mb-2 text-xl font-semibold text-slate-900 dark:text-white">{survey.name}</h1>
        <p className="text-slate-700 dark:text-slate-200">{survey.thank_you || 'Thank you: your answers are saved.'}</p>
      </div>
    );
  }
  const generalError = errors.message ?? Object.entries(errors).find(([k]) => !k.startsWith('answers.'))?.[1];
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900 dark:text-white">{survey.name}</h1>
        {respondent?.first_name && <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">Hello {respondent.first_name}.</p>}
        {survey.description && <p className="mt-2 whitespace-pre-line text-slate-700 dark:text-slate-200">{survey.description}</p>}
      </div>
      {generalError && (
        <p role="alert" className="rounded-md bg-danger/10 px-3 py-2 text-sm text-danger">
          {generalError}
        </p>
      )}
      {survey.definition.sections
        .filter((s) => path.sections.includes(s.id))
        .map((s) => (
          <section key={s.id} aria-label={s.title ?? undefined} className="flex flex-col gap-5">
            {s.title && <h2 className="border-b border-slate-200 pb-1 text-lg font-semibold text-slate-800 dark:border-slate-700 dark:text-slate-100">{s.title}</h2>}
            {s.description && <p className="text-sm text-slate-600 dark:text-slate-300">{s.description}</p>}
            {s.questions
              .filter((q) => asked.has(q.id))
              .map((q) => {
                const name = `answer-${q.id}`;
                const error = errors[`answers.${q.id}`];
                const grouped = ['single_choice', 'multiple_choice', 'rating', 'nps', 'scale', 'yes_no', 'matrix'].includes(q.type);
                const Label = grouped ? 'p' : 'label';
                return (
                  <div key={q.id} className="flex flex-col gap-2">
                    <Label id={`${name}-label`} {...(grouped ? {} : { htmlFor: name })} className="text-sm font-medium text-slate-800 dark:text-slate-100">
                      {q.label}
                      {q.required && (
                        <span className="text-danger" aria-hidden="true">
                          {' '}
                          *
                        </span>
                      )}
                      {q.required && <span className="sr-only"> (required)</span>}
                    </Label>
                    <p id={`${name}-help`} className={q.help ? 'text-xs text-slate-500 dark:text-slate-400' : 'sr-only'}>
                      {q.help ?? ''}
                      {q.type === 'nps' ? ' 0 = not at all likely, 10 = extremely likely.' : ''}
                    </p>
                    <Input q={q} value={form.data.answers[q.id]} onChange={(v) => set(q.id, v)} name={name} invalid={Boolean(error)} />
                    {error && (
                      <p className="text-xs text-danger" role="alert">
                        {error}
                      </p>
                    )}
                  </div>
                );
              })}
          </section>
        ))}
      {/* the honeypot: hidden from people and from assistive technology; a robot fills it in */}
      <div aria-hidden="true" className="absolute -start-[10000px] h-px w-px overflow-hidden">
        <label>
          Website
          <input type="text" name="website" tabIndex={-1} autoComplete="off" value={form.data.website} onChange={(e) => form.setData('website', e.target.value)} />
        </label>
      </div>
      <button type="submit" disabled={form.processing} className="kz-button self-start rounded-md bg-primary px-4 py-2 text-sm font-semibold text-white disabled:opacity-60">
        Send answers
      </button>
    </form>
  );
}
