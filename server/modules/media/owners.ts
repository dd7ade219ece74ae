import type { Tx } from '../../db/client.js';

/**
 * The kinds of record a file can be attached to (`model_type` of an upload and of
 * `GET /media/get-model-media`): a module above this one registers its own, with the check that
 * the record exists in the current company (`tx` runs under the company's row-level security).
 * An unregistered type is refused, so no file points at a record nobody can find.
 */
export interface MediaOwner {
  exists: (tx: Tx, tenantId: number, id: number) => Promise<boolean>;
}

const owners = new Map<string, MediaOwner>();

export function registerMediaOwner(type: string, owner: MediaOwner) {
  if (!/^[a-z][a-z0-9_]{0,39}$/.test(type)) throw new Error(`media owner type must be a lower-case word: ${type}`);
  owners.set(type, owner);
}

export const mediaOwner = (type: string): MediaOwner | undefined => owners.get(type);
