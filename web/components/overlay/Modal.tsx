import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from '../cx';

export type ModalSize = 'sm' | 'md' | 'lg' | 'xl';

const SIZES: Record<ModalSize, string> = {
  sm: 'max-w-sm',
  md: 'max-w-md',
  lg: 'max-w-lg',
  xl: 'max-w-2xl',
};

export type ModalProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom (end-aligned). */
  footer?: ReactNode;
  size?: ModalSize;
  /** "alertdialog" for questions that need an answer (ConfirmDialog). */
  role?: 'dialog' | 'alertdialog';
  /** Hide the ✕ button (the footer offers a way out). */
  hideClose?: boolean;
};

/**
 * A dialog over the page (Headless UI): the focus moves into it and stays there, Escape or a
 * click outside closes it, and the focus goes back to what opened it. Put `autoFocus` on the
 * element that should get the focus first.
 */
export function Modal({ open, onClose, title, description, children, footer, size = 'md', role = 'dialog', hideClose = false }: ModalProps) {
  return (
    <Dialog open={open} onClose={onClose} role={role} className="relative z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-slate-900/50 transition-opacity duration-200 data-closed:opacity-0 dark:bg-black/60"
      />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-end justify-center p-4 sm:items-center">
          <DialogPanel
            transition
            className={cx(
              'w-full rounded-md bg-white shadow-xl ring-1 ring-slate-900/5 transition-[opacity,translate,scale] duration-200 data-closed:translate-y-4 data-closed:opacity-0 sm:data-closed:translate-y-0 sm:data-closed:scale-95',
              'dark:bg-dark dark:ring-white/10',
              SIZES[size],
            )}
          >
            <div className="flex items-start justify-between gap-4 border-b border-slate-100 px-5 py-4 dark:border-slate-700">
              <div className="min-w-0">
                <DialogTitle className="text-base font-semibold text-slate-900 dark:text-white">{title}</DialogTitle>
                {description && <Description className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</Description>}
              </div>
              {!hideClose && (
                <button
                  type="button"
                  onClick={onClose}
                  className="-m-1 rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-600 focus-visible:outline-2 focus-visible:outline-primary dark:hover:bg-slate-700 dark:hover:text-slate-200"
                >
                  <X aria-hidden="true" className="size-5" />
                  <span className="sr-only">Close</span>
                </button>
              )}
            </div>
            {children && <div className="px-5 py-4 text-sm text-slate-700 dark:text-slate-300">{children}</div>}
            {footer && (
              <div className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-100 px-5 py-3 dark:border-slate-700">{footer}</div>
            )}
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
