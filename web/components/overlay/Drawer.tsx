import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from '../cx';

export type DrawerProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** The side it slides from, in reading direction: `end` (right in LTR, left in RTL). */
  side?: 'start' | 'end';
  className?: string;
};

/** A panel that slides in from the side (same focus handling as Modal: trap, Escape, focus return). */
export function Drawer({ open, onClose, title, children, footer, side = 'end', className }: DrawerProps) {
  const fromEnd = side === 'end';
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-900/50 transition-opacity duration-200 data-closed:opacity-0 dark:bg-black/60" />
      <div className={cx('fixed inset-y-0 flex max-w-full', fromEnd ? 'end-0' : 'start-0')}>
        <DialogPanel
          transition
          className={cx(
            'flex h-full w-screen max-w-md flex-col bg-white shadow-xl transition-[translate] duration-300 ease-out dark:bg-dark',
            fromEnd
              ? 'data-closed:translate-x-full rtl:data-closed:-translate-x-full'
              : 'data-closed:-translate-x-full rtl:data-closed:translate-x-full',
            className,
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-100 px-5 py-4 dark:border-slate-700">
            <DialogTitle className="min-w-0 text-base font-semibold text-slate-900 dark:text-white">{title}</DialogTitle>
            <button
              type="button"
              onClick={onClose}
              className="-m-1 rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-600 focus-visible:outline-2 focus-visible:outline-primary dark:hover:bg-slate-700 dark:hover:text-slate-200"
            >
              <X aria-hidden="true" className="size-5" />
              <span className="sr-only">Close</span>
            </button>
          </div>
          <div className="flex-1 overflow-y-auto px-5 py-4 text-sm text-slate-700 dark:text-slate-300">{children}</div>
          {footer && <div className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-100 px-5 py-3 dark:border-slate-700">{footer}</div>}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
