import { Head, useForm } from '@inertiajs/react';
import type { FormEvent } from 'react';
import type { RsvpFormProps } from '@common/answers/rsvp';
import { Button, buttonClasses } from '@/components/form/Button';
import { inputClasses } from '@/components/form/TextInput';
import { selectClasses } from '@/components/form/styles';
import { eventTime } from '@/features/rsvp/labels';
import { GuestLayout } from '@/layouts/GuestLayout';

type Answer = 'yes' | 'no' | 'maybe';

const STATE: Record<string, string> = {
  confirmed: 'Your place is confirmed. Show the code below at the door.',
  waitlisted: 'The event is full: you are on the waitlist. We will let you know if a place frees up.',
  offered: 'A place has freed up for you: confirm it with “Yes” before the offer ends.',
};

/** The public RSVP form (PAGES RsvpForm, /rsvp/{token}): the invitee answers, changes or cancels their answer, adds the event to a calendar, and finds their check-in code. */
export default function RsvpForm(props: RsvpFormProps) {
  const { token, company, event, invitee, config, open, invitation, ics_url, google_calendar_url, places_left } = props;
  const form = useForm<{ answer: Answer | ''; plus_ones: number; answers: Record<string, string | number | boolean | null> }>({
    answer: invitation.answer ?? '',
    plus_ones: invitation.plus_ones,
    answers: (invitation.answers ?? {}) as Record<string, string | number | boolean | null>,
  });
  const errors = form.errors as Record<string, string>;
  const code = invitation.qr ? decodeURIComponent(invitation.qr.replace(/^\/rsvp\/qr\//, '').replace(/\.png$/, '')) : null;

  function submit(e: FormEvent) {
    e.preventDefault();
    form.post(`/rsvp/${token}`, { preserveScroll: true });
  }
  function cancel() {
    form.transform(() => ({ answer: 'no', plus_ones: 0, answers: {} }));
    form.post(`/rsvp/${token}`, { preserveScroll: true, onFinish: () => form.transform((d) => d) });
  }
  const setAnswer = (id: string, v: string) => form.setData('answers', { ...form.data.answers, [id]: v });
  const choices: Answer[] = config.allow_maybe ? ['yes', 'no', 'maybe'] : ['yes', 'no'];
  const LABEL: Record<Answer, string> = { yes: 'Yes, I will come', no: 'No, I cannot come', maybe: 'Maybe' };

  return (
    <>
      <Head title={`RSVP · ${event.name}`} />
      <div className="mb-6 flex flex-col items-center gap-2 text-center">
        {company.logo_url && <img src={company.logo_url} alt="" className="h-12 w-auto" />}
        <p className="text-sm text-slate-500 dark:text-slate-400">
          <bdi>{company.name}</bdi> invites you
        </p>
        <h1 className="text-xl font-semibold text-slate-900 dark:text-white">
          <bdi>{event.name}</bdi>
        </h1>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {eventTime(event.starts_at, event.timezone)}
          {event.venue ? <> · <bdi>{event.venue}</bdi></> : null}
          {event.address ? <> · <bdi>{event.address}</bdi></> : null}
        </p>
        {event.online_url && (
          <a className="text-sm text-primary underline dark:text-primary-light" href={event.online_url} rel="noopener noreferrer" target="_blank">
            Join online
          </a>
        )}
        {event.description && <p className="mt-2 whitespace-pre-line text-sm text-slate-600 dark:text-slate-300">{event.description}</p>}
      </div>

      {invitation.place && (
        <p role="status" className="mb-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          {STATE[invitation.place]}
          {invitation.place === 'offered' && invitation.offer_expires_at ? ` (until ${eventTime(invitation.offer_expires_at, event.timezone)})` : ''}
        </p>
      )}
      {invitation.answer && !invitation.place && (
        <p role="status" className="mb-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          Your answer: {invitation.answer === 'no' ? 'you cannot come' : 'maybe'}. You can change it below.
        </p>
      )}

      {invitation.place === 'confirmed' && invitation.qr && (
        <div className="mb-6 flex flex-col items-center gap-2">
          <img src={invitation.qr} alt="Your check-in code" width={220} height={220} className="rounded-lg bg-white p-2" />
          {invitation.checked_in_at ? (
            <p className="text-sm font-medium text-green-700 dark:text-green-300">You were checked in. Enjoy the event!</p>
          ) : (
            <p className="max-w-full break-all text-center font-mono text-xs text-slate-500 dark:text-slate-400" aria-label="Your check-in code">
              {code}
            </p>
          )}
        </div>
      )}

      {open && !invitation.checked_in_at ? (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-200">Hi {invitee.first_name || 'there'}, will you come?</legend>
            <div className="flex flex-col gap-2">
              {choices.map((c) => (
                <label key={c} className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 p-3 text-sm has-[:checked]:border-primary dark:border-slate-700">
                  <input type="radio" name="answer" value={c} checked={form.data.answer === c} onChange={() => form.setData('answer', c)} />
                  {LABEL[c]}
                </label>
              ))}
            </div>
            {errors.answer && <p className="mt-1 text-sm text-danger">{errors.answer}</p>}
          </fieldset>

          {form.data.answer === 'yes' && config.max_plus_ones > 0 && (
            <div>
              <label htmlFor="plus_ones" className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">
                Guests you bring (up to {config.max_plus_ones})
              </label>
              <input id="plus_ones" type="number" min={0} max={config.max_plus_ones} className={inputClasses} value={form.data.plus_ones} onChange={(e) => form.setData('plus_ones', Number(e.target.value))} />
              {errors.plus_ones && <p className="mt-1 text-sm text-danger">{errors.plus_ones}</p>}
            </div>
          )}

          {form.data.answer && form.data.answer !== 'no' &&
            config.questions.map((q) => {
              const id = `q-${q.id}`;
              const value = form.data.answers[q.id];
              const err = errors[`answers.${q.id}`];
              return (
                <div key={q.id}>
                  <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">
                    {q.label}
                    {q.required && <span className="text-danger"> *</span>}
                  </label>
                  {q.type === 'choice' ? (
                    <select id={id} className={selectClasses} value={String(value ?? '')} onChange={(e) => setAnswer(q.id, e.target.value)}>
                      <option value="">Choose…</option>
                      {(q.choices ?? []).map((c) => (
                        <option key={c} value={c}>
                          {c}
                        </option>
                      ))}
                    </select>
                  ) : q.type === 'yes_no' ? (
                    <select id={id} className={selectClasses} value={value === true ? 'yes' : value === false ? 'no' : String(value ?? '')} onChange={(e) => setAnswer(q.id, e.target.value)}>
                      <option value="">Choose…</option>
                      <option value="yes">Yes</option>
                      <option value="no">No</option>
                    </select>
                  ) : (
                    <input id={id} type={q.type === 'number' ? 'number' : 'text'} className={inputClasses} value={String(value ?? '')} onChange={(e) => setAnswer(q.id, e.target.value)} />
                  )}
                  {err && <p className="mt-1 text-sm text-danger">{err}</p>}
                </div>
              );
            })}

          {places_left !== null && form.data.answer === 'yes' && invitation.place !== 'confirmed' && (
            <p className="text-xs text-slate-500 dark:text-slate-400">{places_left > 0 ? `${places_left} ${places_left === 1 ? 'place' : 'places'} left.` : 'The event is full: a “yes” joins the waitlist.'}</p>
          )}
          <Button type="submit" className="w-full" disabled={!form.data.answer || form.processing} busy={form.processing}>
            {invitation.answer ? 'Change my answer' : 'Send my answer'}
          </Button>
          {invitation.answer && invitation.answer !== 'no' && (
            <Button variant="ghost" className="w-full" onClick={cancel} disabled={form.processing}>
              Cancel my answer
            </Button>
          )}
        </form>
      ) : (
        <p className="rounded-lg bg-slate-50 p-3 text-center text-sm text-slate-600 dark:bg-slate-800 dark:text-slate-300">
          {invitation.checked_in_at ? 'You have been checked in.' : 'Answers for this event are closed.'}
        </p>
      )}

      <div className="mt-6 flex flex-wrap justify-center gap-2">
        <a href={ics_url} className={buttonClasses('outline', 'sm')} download>
          Add to calendar (.ics)
        </a>
        <a href={google_calendar_url} className={buttonClasses('outline', 'sm')} target="_blank" rel="noopener noreferrer">
          Google Calendar
        </a>
      </div>
    </>
  );
}

RsvpForm.layout = GuestLayout;
