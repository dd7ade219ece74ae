import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { isoTimestamp as ts } from '../../db/sql.js';
import { users } from '../tenancy/schema.js';
import { documentHistories } from './schema.js';

// A document's timeline: status changes, sends, views, payments and comments.

export type HistoryType = (typeof documentHistories.$inferInsert)['type'];

/** Adds a row to a document's timeline (status changes, sends, views, payments, comments). */
export async function recordHistory(
  tx: Tx,
  tenantId: number,
  documentId: number,
  entry: { type: HistoryType; status?: string | null; description: string; userId?: number | null },
): Promise<void> {
  await tx.insert(documentHistories).values({
    tenantId,
    documentId,
    type: entry.type,
    status: entry.status ?? null,
    description: entry.description,
    userId: entry.userId ?? null,
  });
}

/** The timeline, newest first, with each author's name. */
export async function listHistory(tx: Tx, tenantId: number, documentId: number) {
  return tx
    .select({
      id: documentHistories.id,
      type: documentHistories.type,
      status: documentHistories.status,
      description: documentHistories.description,
      user_id: documentHistories.userId,
      user_name: users.name,
      created_at: ts(documentHistories.createdAt),
    })
    .from(documentHistories)
    .leftJoin(users, eq(users.id, documentHistories.userId))
    .where(and(eq(documentHistories.tenantId, tenantId), eq(documentHistories.documentId, documentId)))
    .orderBy(desc(documentHistories.createdAt), desc(documentHistories.id));
}
