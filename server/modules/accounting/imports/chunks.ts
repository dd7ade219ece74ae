/**
 * Rows per multi-row INSERT: ~1000 rows of a dozen columns stays far below PostgreSQL's
 * 65,535 bind parameters and makes a 10,000-row import ten statements.
 */
export const CHUNK = 1000;

/** Inserts rows in chunks (inside the caller's transaction), reporting progress after each. */
export async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, progress: (done: number) => Promise<void>, size = CHUNK) {
  for (let i = 0; i < rows.length; i += size) {
    await insert(rows.slice(i, i + size));
    await progress(Math.min(rows.length, i + size));
  }
}
