import { useForm, type InertiaFormProps } from '@inertiajs/react';
import type { FormDataType, Method, UseFormSubmitOptions } from '@inertiajs/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { SAVED_FOR_MS } from './constants';
import { showRefusal } from './refused';
import { serverFieldErrors, validateWithSchema, type FieldErrors } from './zod-errors';

export type ZodFormOptions = {
  /** Where `submit()` sends the form through Inertia (303 back + flash, or errors). */
  method?: Method;
  url?: string;
  /**
   * Rewords errors before they are shown (the document form says "The customer field is
   * required." where the schema says "contact id"). Gets every error of the check at once.
   */
  messages?: (errors: FieldErrors, data: Record<string, unknown>) => FieldErrors;
};

export type ZodForm<T extends Record<string, unknown>> = Omit<InertiaFormProps<T>, 'submit'> & {
  /** Checks the data with the schema; sets (or clears) the field errors. True when valid. */
  validate: (formElement?: HTMLFormElement | null) => boolean;
  /**
   * Validates, then sends through Inertia (`method`/`url` of the options); false when invalid.
   * With the <form> element, a refusal reveals and focuses the first invalid field and announces all errors (refused.ts).
   */
  submit: (options?: UseFormSubmitOptions, formElement?: HTMLFormElement | null) => boolean;
  /** The <form>'s onSubmit: prevents the browser's submit, then `submit(options)`. */
  handleSubmit: (options?: UseFormSubmitOptions) => (event: FormEvent<HTMLFormElement>) => void;
  /**
   * Validates, then runs `send` (an RTK Query mutation's `unwrap()`): a 422 answer's field errors
   * land on the fields, success shows "Saved." for 2 s. Other failures are thrown to the caller.
   */
  submitWith: <R>(send: (data: T) => Promise<R>, formElement?: HTMLFormElement | null) => Promise<R | undefined>;
};

/**
 * Inertia's useForm plus the same zod schema the server uses: the data is checked in the browser
 * before it is sent (same sentences as the server), and the server's own errors still come back
 * on the fields. Fields of the kit take the returned object as `form`.
 */
export function useZodForm<T extends FormDataType<T> & Record<string, unknown>>(
  schema: z.ZodType,
  initial: T,
  options: ZodFormOptions = {},
): ZodForm<T> {
  const form = useForm<T>(initial);
  const [sending, setSending] = useState(false);
  const [saved, setSaved] = useState(false);
  const savedTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(savedTimer.current), []);

  // a refused submit shows every error at once, then reveals, focuses and announces (refused.ts)
  const setErrors = (raw: FieldErrors, element?: HTMLFormElement | null) => {
    const errors = options.messages ? options.messages(raw, form.data) : raw;
    form.clearErrors();
    (form.setError as unknown as (errors: FieldErrors) => void)(errors);
    showRefusal(element, errors);
  };

  const validate = (element?: HTMLFormElement | null) => {
    const errors = validateWithSchema(schema, form.data);
    if (errors) {
      setErrors(errors, element);
      return false;
    }
    form.clearErrors();
    return true;
  };

  const submit = (visit: UseFormSubmitOptions = {}, element?: HTMLFormElement | null) => {
    const { method, url } = options;
    if (!method || !url) throw new Error('useZodForm: give { method, url } to submit through Inertia, or use submitWith().');
    if (!validate(element)) return false;
    form.submit(method, url, {
      ...visit,
      onError: (errors) => {
        showRefusal(element, errors as FieldErrors);
        visit.onError?.(errors);
      },
    });
    return true;
  };

  const submitWith = async <R,>(send: (data: T) => Promise<R>, element?: HTMLFormElement | null): Promise<R | undefined> => {
    if (!validate(element)) return undefined;
    setSending(true);
    setSaved(false);
    try {
      const result = await send(form.data);
      setSaved(true);
      window.clearTimeout(savedTimer.current);
      savedTimer.current = window.setTimeout(() => setSaved(false), SAVED_FOR_MS);
      return result;
    } catch (err) {
      const errors = serverFieldErrors(err);
      if (!errors) throw err;
      setErrors(errors, element);
      return undefined;
    } finally {
      setSending(false);
    }
  };

  return {
    ...form,
    processing: form.processing || sending,
    recentlySuccessful: form.recentlySuccessful || saved,
    validate,
    submit,
    handleSubmit: (visit) => (event) => {
      event.preventDefault();
      submit(visit, event.currentTarget);
    },
    submitWith,
  };
}
