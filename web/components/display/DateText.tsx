import { useFormats } from '@/lib/format';

/** A date in the company's date format (common/format.ts), inside <time> with the machine-readable value. */
export function DateText({ value, fallback = null }: { value: string | null | undefined; fallback?: React.ReactNode }) {
  const formats = useFormats();
  if (!value) return <>{fallback}</>;
  return <time dateTime={value}>{formats.date(value)}</time>;
}

/** A moment with its time of day, in the company's date format and time zone. */
export function DateTimeText({ value, fallback = null }: { value: string | null | undefined; fallback?: React.ReactNode }) {
  const formats = useFormats();
  if (!value) return <>{fallback}</>;
  return <time dateTime={value}>{formats.dateTime(value)}</time>;
}
