/** One choice of a select. */
export type Option<V extends string | number = string | number> = { value: V; label: string; disabled?: boolean };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The rows of a JSON list answer, whatever its envelope: a plain array, a paginator
 * (`{ data: [...] }`), or either of them under `data` (`{ data: { data: [...] } }`).
 */
export function rowsOf(answer: unknown): unknown[] {
  if (Array.isArray(answer)) return answer;
  if (!isRecord(answer)) return [];
  if (Array.isArray(answer.data)) return answer.data;
  if (isRecord(answer.data) && Array.isArray(answer.data.data)) return answer.data.data;
  return [];
}

/** A row → an option: `id` (or `value`) and `name` (or `title`, `label`, `email`). */
export function defaultOption(row: unknown): Option | null {
  if (!isRecord(row)) return null;
  const value = row.id ?? row.value;
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const label = [row.name, row.title, row.label, row.email].find((v) => typeof v === 'string' && v.trim() !== '');
  return { value, label: typeof label === 'string' ? label : String(value) };
}

/** The options of a JSON list answer, mapped by `map` (rows it maps to null are skipped). */
export function optionsFrom(answer: unknown, map: (row: unknown) => Option | null = defaultOption): Option[] {
  const seen = new Set<string>();
  const options: Option[] = [];
  for (const row of rowsOf(answer)) {
    const option = map(row);
    if (!option || seen.has(String(option.value))) continue;
    seen.add(String(option.value));
    options.push(option);
  }
  return options;
}

/** The option whose value is `raw` (a select's string value), compared as text. */
export function findOption<O extends Option>(options: readonly O[], raw: string): O | undefined {
  return options.find((o) => String(o.value) === raw);
}
