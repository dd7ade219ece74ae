import { sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { rows, type Tx } from '../../db/client.js';
import { signedMediaUrl } from '../media/index.js';
import type { ImageResolver } from './render.js';

interface ImageRow {
  id: number;
  width: number | null;
  height: number | null;
  variants: { medium?: { width: number; height: number } } | null;
}

/**
 * The company's image files among `ids`, as the media library keeps them (docs/decisions/0040):
 * kind image, not inside a folder the delete job is emptying. One query for a page's images.
 */
export async function imageFiles(tx: Tx, tenantId: number, ids: readonly number[]): Promise<Map<number, ImageRow>> {
  const wanted = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0);
  if (!wanted.length) return new Map();
  const found = await rows<ImageRow>(
    tx,
    sql`select f.id, f.width, f.height, f.variants from media_files f
         where f.tenant_id = ${tenantId} and f.id in (${sql.join(
           wanted.map((id) => sql`${id}`),
           sql`, `,
         )}) and f.kind = 'image'
           and not exists (select 1 from media_folders d where d.tenant_id = f.tenant_id and d.id = f.folder_id and d.deleting_at is not null)`,
  );
  return new Map(found.map((r) => [Number(r.id), r]));
}

/**
 * How a page shows its images to anyone: the media library's signed, expiring address
 * (signedMediaUrl), of the 1280-pixel size when it has been made, else of the original. The
 * address is given as a path (same origin as the page, under its `img-src 'self'`) — an
 * og:image is made absolute by the page's head.
 */
export async function signedImages(config: Pick<Config, 'appUrl' | 'appKey'>, tx: Tx, tenantId: number, ids: readonly number[]): Promise<ImageResolver> {
  const files = await imageFiles(tx, tenantId, ids);
  return (id) => {
    const f = files.get(id);
    if (!f) return null;
    const medium = f.variants?.medium;
    const signed = new URL(signedMediaUrl(config, tenantId, id, medium ? 'medium' : 'original'));
    return { src: `${signed.pathname}${signed.search}`, width: medium?.width ?? f.width, height: medium?.height ?? f.height };
  };
}
