/**
 * Rows per INSERT (server/http/import/bulk.ts sends a column as one array, so the size is not
 * bound by PostgreSQL's 65,535 parameters): big enough to be few statements, small enough that
 * the progress bar moves on a 10,000-row import.
 */
export const CHUNK = 2000;

/** Inserts rows in chunks (inside the caller's transaction), reporting progress after each. */
export async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, progress: (done: number) => Promise<void>, size = CHUNK) {
  for (let i = 0; i < rows.length; i += size) {
    await insert(rows.slice(i, i + size));
    await progress(Math.min(rows.length, i + size));
  }
}
