import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { ChevronDown, Download, FileSpreadsheet, FileText, FileType } from 'lucide-react';
import { cx } from '../cx';
import { buttonClasses } from '../form/Button';

const item =
  'flex w-full items-center gap-2.5 rounded px-3 py-2 text-sm text-slate-700 data-focus:bg-slate-100 data-focus:text-slate-900 dark:text-slate-200 dark:data-focus:bg-slate-700 dark:data-focus:text-white';

const FORMATS = [
  { format: 'csv', label: 'CSV file (.csv)', Icon: FileText },
  { format: 'xlsx', label: 'Excel workbook (.xlsx)', Icon: FileSpreadsheet },
  { format: 'pdf', label: 'PDF document (.pdf)', Icon: FileType },
] as const;

/** Export of a report's reading (GET /reports/{id}/export): plain download links, so the browser saves the file. */
export function ReportExportMenu({ id, params, name }: { id: number; params: Record<string, string | undefined>; name: string }) {
  const href = (format: string) => {
    const q = new URLSearchParams({ format });
    for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
    return `/reports/${id}/export?${q.toString()}`;
  };
  return (
    <Menu>
      <MenuButton className={cx(buttonClasses('outline'), 'data-open:bg-slate-50 dark:data-open:bg-slate-700')}>
        <Download aria-hidden="true" className="size-4" />
        Export
        <span className="sr-only"> {name}</span>
        <ChevronDown aria-hidden="true" className="size-4 text-slate-500" />
      </MenuButton>
      <MenuItems
        anchor={{ to: 'bottom end', gap: 6, padding: 8 }}
        className="z-40 w-56 rounded-md bg-white p-1.5 shadow-lg ring-1 ring-slate-900/10 focus:outline-none dark:bg-dark dark:ring-white/10"
      >
        {FORMATS.map(({ format, label, Icon }) => (
          <MenuItem key={format}>
            <a href={href(format)} download className={item}>
              <Icon aria-hidden="true" className="size-4 text-slate-500 dark:text-slate-400" />
              {label}
            </a>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
