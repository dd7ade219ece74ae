import { DownloadMenu, type ExportFormat } from '@/components/data-table/ExportMenu';

const FORMATS: readonly ExportFormat[] = ['csv', 'xlsx', 'pdf'];

/** Export of a report's reading (GET /reports/{id}/export) as CSV, XLSX or PDF. */
export function ReportExportMenu({ id, params, name }: { id: number; params: Record<string, string | undefined>; name: string }) {
  const href = (format: string) => {
    const q = new URLSearchParams({ format });
    for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
    return `/reports/${id}/export?${q.toString()}`;
  };
  return <DownloadMenu label={name} links={FORMATS.map((format) => ({ format, href: href(format) }))} />;
}
