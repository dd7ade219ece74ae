import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { ChevronDown, Download, FileSpreadsheet, FileText, FileType } from 'lucide-react';
import { cx } from '../cx';
import { buttonClasses } from '../form/Button';
import { exportHref } from './export';
import type { ListParams } from './query';

const item =
  'flex w-full items-center gap-2.5 rounded px-3 py-2 text-sm text-slate-700 data-focus:bg-slate-100 data-focus:text-slate-900 dark:text-slate-200 dark:data-focus:bg-slate-700 dark:data-focus:text-white';

export type ExportFormat = 'csv' | 'xlsx' | 'pdf';

const FORMATS: Record<ExportFormat, { label: string; Icon: typeof FileText }> = {
  csv: { label: 'CSV file (.csv)', Icon: FileText },
  xlsx: { label: 'Excel workbook (.xlsx)', Icon: FileSpreadsheet },
  pdf: { label: 'PDF document (.pdf)', Icon: FileType },
};

/**
 * An "Export" menu of download links, one per format. Plain links, so the browser saves the
 * file and the session cookie goes with them. `label` names what is exported for screen readers.
 */
export function DownloadMenu({ label, links }: { label: string; links: readonly { format: ExportFormat; href: string }[] }) {
  return (
    <Menu>
      <MenuButton className={cx(buttonClasses('outline'), 'data-open:bg-slate-50 dark:data-open:bg-slate-700')}>
        <Download aria-hidden="true" className="size-4" />
        Export
        <span className="sr-only"> {label}</span>
        <ChevronDown aria-hidden="true" className="size-4 text-slate-500" />
      </MenuButton>
      <MenuItems
        anchor={{ to: 'bottom end', gap: 6, padding: 8 }}
        className="z-40 w-56 rounded-md bg-white p-1.5 shadow-lg ring-1 ring-slate-900/10 focus:outline-none dark:bg-dark dark:ring-white/10"
      >
        {links.map(({ format, href }) => {
          const { label: text, Icon } = FORMATS[format];
          return (
            <MenuItem key={format}>
              <a href={href} download className={item}>
                <Icon aria-hidden="true" className="size-4 text-slate-500 dark:text-slate-400" />
                {text}
              </a>
            </MenuItem>
          );
        })}
      </MenuItems>
    </Menu>
  );
}

/**
 * "Export" above a list: the whole list as it is searched, filtered and sorted, as CSV or as an
 * Excel workbook (GET <base>/export, server/http/import/export.ts).
 */
export function ExportMenu({ url, params, label }: { url: string; params: ListParams; label: string }) {
  return (
    <DownloadMenu
      label={label}
      links={[
        { format: 'csv', href: exportHref(url, params, 'csv') },
        { format: 'xlsx', href: exportHref(url, params, 'xlsx') },
      ]}
    />
  );
}
