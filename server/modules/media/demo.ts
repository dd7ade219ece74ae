import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { rows, type Tx } from '../../db/client.js';
import type { DemoCompany } from '../kazi-module.js';
import { makeVariants } from './jobs.js';
import { addUsage, mediaStorage } from './service.js';

/** A picture drawn at seed time (no binary fixtures): a gradient with a title, as a JPEG. */
async function picture(title: string, from: string, to: string, width = 1600, height = 1000): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.78}" cy="${height * 0.3}" r="${height * 0.18}" fill="#ffffff" fill-opacity="0.25"/>
    <text x="${width / 2}" y="${height - 110}" text-anchor="middle" font-family="sans-serif" font-size="84" font-weight="700" fill="#ffffff">${title}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/**
 * The demo company's media library: folders for events and the brand, and a few pictures with
 * their sizes already made (the job's own function), so `npm start` shows thumbnails at once.
 * Without the app's configuration (bare tests) only the folders are made: there is nowhere to put bytes.
 */
export async function seedDemoMedia(tx: Tx, demo: DemoCompany) {
  const t = demo.tenantId;
  const folder = async (name: string, parent: { id: number; path: string } | null) => {
    const [{ next }] = await rows<{ next: number }>(tx, sql`select nextval(pg_get_serial_sequence('media_folders', 'id'))::bigint as next`);
    const path = `${parent ? parent.path : '/'}${next}/`;
    await tx.execute(sql`insert into media_folders (tenant_id, id, name, parent_id, path, created_by) values (${t}, ${next}, ${name}, ${parent?.id ?? null}, ${path}, ${demo.ownerId})`);
    return { id: Number(next), path };
  };
  const events = await folder('Events', null);
  const gala = await folder('Fundraising gala 2026', events);
  const brand = await folder('Brand', null);
  await folder('Reports', null);
  if (!demo.config) return;

  const storage = mediaStorage(demo.config);
  const pictures: { title: string; from: string; to: string; folder: number | null; name: string; daysAgo: number }[] = [
    { title: 'Kibera water project', from: '#0ea5e9', to: '#1e3a8a', folder: events.id, name: 'kibera-water-project.jpg', daysAgo: 20 },
    { title: 'Gala stage', from: '#f59e0b', to: '#b91c1c', folder: gala.id, name: 'gala-stage.jpg', daysAgo: 6 },
    { title: 'Volunteers', from: '#22c55e', to: '#065f46', folder: gala.id, name: 'volunteers.jpg', daysAgo: 5 },
    { title: 'Acme', from: '#6366f1', to: '#312e81', folder: brand.id, name: 'acme-banner.jpg', daysAgo: 40 },
    { title: 'Community day', from: '#ec4899', to: '#7c2d12', folder: null, name: 'community-day.jpg', daysAgo: 2 },
  ];
  let total = 0;
  for (const p of pictures) {
    const bytes = await picture(p.title, p.from, p.to);
    const base = `${t}/${randomBytes(16).toString('hex')}`;
    const key = `${base}/original.jpg`;
    await storage.put(key, bytes, { contentType: 'image/jpeg' });
    const { made, width, height } = await makeVariants(bytes, base);
    for (const m of made) await storage.put(m.key, m.data, { contentType: m.mime });
    const variants = Object.fromEntries(made.map((m) => [m.variant, { key: m.key, width: m.width, height: m.height, size: m.data.length, mime: m.mime }]));
    const stored = bytes.length + made.reduce((s, m) => s + m.data.length, 0);
    total += stored;
    const at = new Date(demo.today.getTime() - p.daysAgo * 86_400_000).toISOString();
    await tx.execute(sql`insert into media_files (tenant_id, folder_id, display_name, original_name, mime, kind, size, width, height, storage_key, variants, variants_state, stored_bytes, created_by, created_at, updated_at)
      values (${t}, ${p.folder}, ${p.title}, ${p.name}, 'image/jpeg', 'image', ${bytes.length}, ${width}, ${height}, ${key}, ${JSON.stringify(variants)}::jsonb, 'ready', ${stored}, ${demo.ownerId}, ${at}, ${at})`);
  }
  await addUsage(tx, t, total);
}
