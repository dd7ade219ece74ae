import type { ReactNode } from 'react';
import { cx } from '../cx';
import { ActionMessage } from './ActionMessage';
import { Button, type ButtonVariant } from './Button';

export type SubmitButtonProps = {
  /** The form's state: `processing` disables the button and spins; `recentlySuccessful` shows "Saved." for 2 s. */
  form: { processing: boolean; recentlySuccessful?: boolean };
  children?: ReactNode;
  /** The confirmation beside the button. */
  saved?: ReactNode;
  variant?: ButtonVariant;
  disabled?: boolean;
  className?: string;
  /** The button's value, read from the submit event's `submitter` when a form has several. */
  value?: string;
};

/** A form's submit button with its processing state and its "Saved." confirmation. */
export function SubmitButton({ form, children = 'Save', saved = 'Saved.', variant = 'primary', disabled, className, value }: SubmitButtonProps) {
  return (
    <div className={cx('flex items-center gap-4', className)}>
      <Button type="submit" value={value} variant={variant} disabled={disabled || form.processing} busy={form.processing}>
        {children}
      </Button>
      <ActionMessage on={Boolean(form.recentlySuccessful)}>{saved}</ActionMessage>
    </div>
  );
}
