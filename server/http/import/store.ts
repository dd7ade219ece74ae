import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ParsedRows } from './engine.js';
import type { ParsedFile } from './parse.js';

export type ImportState = 'uploaded' | 'queued' | 'running' | 'done' | 'failed';

export interface ImportOwner {
  tenantId: number;
  userId: number;
}

/** An uploaded file waiting to be imported, as stored. */
export interface StoredImport extends ImportOwner, ParsedFile {
  id: string;
  resource: string;
  filename: string;
  createdAt: string;
}

/** Where an import stands: what the status endpoint answers and the job updates. */
export interface ImportStatus {
  userId: number;
  resource: string;
  state: ImportState;
  /** the column mapping (field → header) of the last preview, used by commit and the error report */
  mapping: Record<string, string> | null;
  /** what the last preview found with that mapping (commit answers from it without validating twice) */
  checked?: { valid: number; invalid: number; merging?: number; merge?: boolean } | null;
  /** the commit imports the valid rows and skips the rest (else all rows or none) */
  skipInvalid?: boolean;
  /** rows matching an existing record update it (importables that merge) */
  merge?: boolean;
  processed: number;
  total: number;
  message: string | null;
  imported: number;
  updatedAt: string;
}

export const sameMapping = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

const ID = /^[A-Za-z0-9_-]{24}$/;
/** Uploads nobody committed are removed after a day. */
const KEEP_MS = 24 * 60 * 60 * 1000;

/**
 * Uploaded files under DATA_DIR/imports/<tenant>/<id>: the parsed rows (`.json`) and the
 * status (`.state.json`). The id is 18 random bytes; a lookup also needs the tenant and the
 * user who uploaded, so another tenant's or another user's id is simply not found. The files
 * live beside the database, so a separate worker process needs the same DATA_DIR.
 */
export class ImportStore {
  constructor(private dataDir: string) {}

  private dir(tenantId: number) {
    return join(this.dataDir, 'imports', String(tenantId));
  }

  async create(owner: ImportOwner, resource: string, filename: string, file: ParsedFile): Promise<StoredImport> {
    const dir = this.dir(owner.tenantId);
    mkdirSync(dir, { recursive: true });
    this.sweep(dir);
    const stored: StoredImport = {
      id: randomBytes(18).toString('base64url'),
      ...owner,
      resource,
      filename: filename.slice(0, 255),
      createdAt: new Date().toISOString(),
      ...file,
    };
    await writeFile(join(dir, `${stored.id}.json`), JSON.stringify(stored));
    await this.setStatus(owner.tenantId, stored.id, {
      userId: owner.userId,
      resource,
      state: 'uploaded',
      mapping: null,
      processed: 0,
      total: file.rows.length,
      message: null,
      imported: 0,
    });
    return stored;
  }

  /** The stored upload when it belongs to this tenant, user and resource; null otherwise. */
  async find(owner: ImportOwner, resource: string, id: string): Promise<StoredImport | null> {
    if (!ID.test(id)) return null;
    try {
      const stored = JSON.parse(await readFile(join(this.dir(owner.tenantId), `${id}.json`), 'utf8')) as StoredImport;
      const mine = stored.tenantId === owner.tenantId && stored.userId === owner.userId && stored.resource === resource;
      return mine ? stored : null;
    } catch {
      return null;
    }
  }

  /** The status when the import belongs to this tenant, user and resource; null otherwise. */
  async status(owner: ImportOwner, resource: string, id: string): Promise<ImportStatus | null> {
    const status = await this.read(owner.tenantId, id);
    return status && status.userId === owner.userId && status.resource === resource ? status : null;
  }

  private async read(tenantId: number, id: string): Promise<ImportStatus | null> {
    if (!ID.test(id)) return null;
    try {
      return JSON.parse(await readFile(join(this.dir(tenantId), `${id}.state.json`), 'utf8')) as ImportStatus;
    } catch {
      return null;
    }
  }

  /** Written to a temporary file and renamed, so a reader never sees half a status. */
  async setStatus(tenantId: number, id: string, status: Omit<ImportStatus, 'updatedAt'>) {
    const file = join(this.dir(tenantId), `${id}.state.json`);
    const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(tmp, JSON.stringify({ ...status, updatedAt: new Date().toISOString() }));
    renameSync(tmp, file);
  }

  async updateStatus(tenantId: number, id: string, patch: Partial<Omit<ImportStatus, 'updatedAt'>>) {
    const current = await this.read(tenantId, id);
    if (!current) return;
    await this.setStatus(tenantId, id, { ...current, ...patch });
  }

  /**
   * The preview's parsed rows for a mapping (see parseRows), kept so that the commit does not
   * parse the file again. Serialised at once: later changes to the rows are not stored.
   */
  async saveParsed(tenantId: number, id: string, mapping: Record<string, string>, parsed: ParsedRows<unknown>) {
    const text = JSON.stringify({ mapping, parsed: { ...parsed, refused: [] } });
    const file = join(this.dir(tenantId), `${id}.parsed.json`);
    const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(tmp, text);
    renameSync(tmp, file);
  }

  /** The parsed rows the last preview stored for this mapping, or null. */
  async parsed(tenantId: number, id: string, mapping: Record<string, string>): Promise<ParsedRows<unknown> | null> {
    if (!ID.test(id)) return null;
    try {
      const saved = JSON.parse(await readFile(join(this.dir(tenantId), `${id}.parsed.json`), 'utf8')) as { mapping: Record<string, string>; parsed: ParsedRows<unknown> };
      return sameMapping(saved.mapping, mapping) ? saved.parsed : null;
    } catch {
      return null;
    }
  }

  /** The report of the rows an import skipped, kept for the page after the rows are gone. */
  async saveReport(tenantId: number, id: string, report: { body: string; filename: string }) {
    await writeFile(join(this.dir(tenantId), `${id}.errors.json`), JSON.stringify(report));
  }

  async savedReport(tenantId: number, id: string): Promise<{ body: string; filename: string } | null> {
    if (!ID.test(id)) return null;
    try {
      return JSON.parse(await readFile(join(this.dir(tenantId), `${id}.errors.json`), 'utf8')) as { body: string; filename: string };
    } catch {
      return null;
    }
  }

  /** A finished import keeps its status (for the page) and its error report, but not its rows. */
  discardRows(tenantId: number, id: string) {
    rmSync(join(this.dir(tenantId), `${id}.json`), { force: true });
    rmSync(join(this.dir(tenantId), `${id}.parsed.json`), { force: true });
  }

  private sweep(dir: string) {
    const now = Date.now();
    for (const name of readdirSync(dir)) {
      try {
        if (now - statSync(join(dir, name)).mtimeMs > KEEP_MS) rmSync(join(dir, name), { force: true });
      } catch {
        /* removed by someone else meanwhile */
      }
    }
  }
}
