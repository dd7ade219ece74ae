import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Attachment } from 'mailparser';
import { MAIL_ATTACHMENT_MAX_BYTES, type MailAttachment } from '../../../common/schemas/mailbox.js';
import { rows, type Tx } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import type { ObjectStorage } from '../../storage/index.js';
import { addUsage, removeObjects } from '../media/service.js';

/**
 * A synced mail's attachments (docs/decisions/0050-mailbox.md): the bytes go to the app's storage
 * (the media library's: local disk under DATA_DIR or S3) while the message is parsed, the rows
 * (`mailbox_attachments`) with the mail's own insert; the stored bytes count in the company's
 * media usage. Whatever deletes mail rows first takes their attachments with `dropAttachments`
 * in the same transaction and removes the bytes once it has committed (`removeAttachmentBytes`).
 */

/** what a sync keeps of one attachment, before its mail has an id */
export interface KeptAttachment {
  position: number;
  filename: string;
  content_type: string;
  size: number;
  storage_key: string | null;
  content_id: string | null;
  is_inline: boolean;
}

const MAX_PER_MAIL = 100;
const clean = (s: string | null | undefined, max: number) => (s ?? '').replaceAll('\u0000', '').slice(0, max);

/** Stores the bytes of a parsed message's attachments (up to the cap each) and answers their rows. */
export async function keepAttachments(storage: ObjectStorage, tenantId: number, list: Attachment[], max = MAIL_ATTACHMENT_MAX_BYTES): Promise<KeptAttachment[]> {
  const kept: KeptAttachment[] = [];
  for (const [position, a] of list.slice(0, MAX_PER_MAIL).entries()) {
    const size = a.content?.length ?? a.size ?? 0;
    const contentType = clean(a.contentType, 200).toLowerCase() || 'application/octet-stream';
    let key: string | null = null;
    if (a.content && size <= max) {
      key = `${tenantId}/mail/${randomBytes(16).toString('hex')}`;
      try {
        await storage.put(key, a.content, { contentType });
      } catch (err) {
        // the message's files written so far name no row: removed before the sync fails
        await Promise.all(kept.flatMap((k) => (k.storage_key ? [storage.delete(k.storage_key).catch(() => undefined)] : [])));
        throw err;
      }
    }
    kept.push({
      position,
      filename: clean(a.filename, 300) || 'attachment',
      content_type: contentType,
      size,
      storage_key: key,
      content_id: a.cid ? clean(a.cid, 300) : null,
      is_inline: a.contentDisposition === 'inline' && !!a.cid,
    });
  }
  return kept;
}

/** The bytes and usage a delete has to give back. */
export interface Dropped {
  keys: string[];
  bytes: number;
}

/**
 * Deletes the attachment rows of the mails matching `mails` (a condition on `m`, a row of
 * mailbox_mails of this company) and gives their bytes back to the company's usage; the keys are
 * removed from storage after the commit.
 */
export async function dropAttachments(tx: Tx, tenantId: number, mails: SQL): Promise<Dropped> {
  const [r] = await rows<{ keys: string[] | null; bytes: number | null }>(
    tx,
    sql`with gone as (
          delete from mailbox_attachments a using mailbox_mails m
           where a.tenant_id = ${tenantId} and m.tenant_id = ${tenantId} and a.mail_id = m.id and (${mails})
          returning a.storage_key, a.size)
        select array_agg(storage_key) filter (where storage_key is not null) as keys,
               coalesce(sum(size) filter (where storage_key is not null), 0)::bigint as bytes from gone`,
  );
  const dropped = { keys: r?.keys ?? [], bytes: Number(r?.bytes ?? 0) };
  if (dropped.bytes > 0) await addUsage(tx, tenantId, -dropped.bytes);
  return dropped;
}

export const removeAttachmentBytes = (storage: ObjectStorage, dropped: Dropped | Dropped[], log: FastifyBaseLogger) =>
  removeObjects(
    storage,
    [dropped].flat().flatMap((d) => d.keys),
    log,
  );

/** The address a member downloads an attachment from. */
export const attachmentUrl = (id: number) => `/mailbox/attachments/${id}`;

/** A mail's attachments as the answer lists them. */
export async function attachmentsOf(tx: Tx, tenantId: number, mailId: number): Promise<MailAttachment[]> {
  const list = await rows<{ id: number; filename: string; content_type: string; size: number; storage_key: string | null; is_inline: boolean }>(
    tx,
    sql`select id, filename, content_type, size, storage_key, is_inline from mailbox_attachments where tenant_id = ${tenantId} and mail_id = ${mailId} order by is_inline, position`,
  );
  return list.map((a) => ({
    id: Number(a.id),
    name: a.filename,
    mime: a.content_type,
    size: Number(a.size),
    inline: a.is_inline,
    url: a.storage_key ? attachmentUrl(Number(a.id)) : null,
  }));
}

/** The member's attachment (through its mail's account), or a 404: another member's or company's is not there. */
export async function ownedAttachment(tx: Tx, tenantId: number, userId: number, id: number) {
  const [a] = await rows<{ filename: string; content_type: string; size: number; storage_key: string | null }>(
    tx,
    sql`select t.filename, t.content_type, t.size, t.storage_key from mailbox_attachments t
          join mailbox_mails m on m.tenant_id = t.tenant_id and m.id = t.mail_id
          join mailbox_accounts c on c.tenant_id = m.tenant_id and c.id = m.account_id and c.user_id = ${userId}
         where t.tenant_id = ${tenantId} and t.id = ${id}`,
  );
  if (!a?.storage_key) throw notFound('Attachment');
  return { ...a, storage_key: a.storage_key };
}

/** types a browser could run or render as a page of this origin: always served as bytes to save */
const ACTIVE = /(html|xml|svg|javascript|ecmascript|x-sh|xhtml|css)/i;
const TYPE = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/i;

/** The type an attachment is served with: its own, unless a browser could run it or it is not a plain type. */
export const servedType = (mime: string) => (!TYPE.test(mime) || ACTIVE.test(mime) ? 'application/octet-stream' : mime.toLowerCase());

/** `attachment; filename="…"` with a printable ASCII fallback and the UTF-8 name (RFC 6266). */
export function downloadDisposition(name: string) {
  const safe =
    [...name]
      .map((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f || c === '/' || c === '\\' ? '_' : c))
      .join('')
      .trim() || 'attachment';
  const ascii = safe.replace(/[^\x20-\x7e]/g, '_').replace(/["%;]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(safe)}`;
}
