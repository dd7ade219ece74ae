// Class strings shared by the shell's parts.

export const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';

export const iconButton =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-md text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary dark:text-slate-300 dark:hover:bg-slate-700 dark:hover:text-white';

/** A dropdown's surface (menus, popovers). */
export const dropdown =
  'z-40 rounded-md bg-white shadow-lg ring-1 ring-slate-900/10 focus:outline-none dark:bg-dark dark:ring-white/10';

/** An item of a Headless UI menu (highlighted through data-focus). */
export const menuItem =
  'flex w-full items-center gap-2.5 rounded-md px-3 py-2 text-start text-sm text-slate-700 data-disabled:cursor-default data-focus:bg-slate-100 data-focus:text-slate-900 dark:text-slate-200 dark:data-focus:bg-slate-700 dark:data-focus:text-white';
