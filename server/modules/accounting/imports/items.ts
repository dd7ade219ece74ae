import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { itemSchema, PRICE_REQUIRED } from '../../../../common/schemas/accounting.js';
import type { Tx } from '../../../db/client.js';
import { bulkInsert, importable, type ImportContext } from '../../../http/import-export.js';
import { categories, items, itemTaxes, taxes } from '../schema.js';
import { insertInChunks } from './chunks.js';

/** lower-cased name → id, the oldest record winning when two share a name; one query for all names */
async function idsByName(tx: Tx, ctx: ImportContext, table: typeof categories | typeof taxes, names: string[], where?: ReturnType<typeof eq>) {
  const found = await tx
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(and(eq(table.tenantId, ctx.tenantId), inArray(sql`lower(${table.name})`, names.map((n) => n.toLowerCase())), where))
    .orderBy(asc(table.id));
  const map = new Map<string, number>();
  for (const r of found) if (!map.has(r.name.toLowerCase())) map.set(r.name.toLowerCase(), r.id);
  return map;
}

/** An item row as a file gives it: the category and the taxes by name instead of by id. */
const itemRow = itemSchema
  .omit({ category_id: true, tax_ids: true })
  .extend({
    category: z.string().trim().max(255).optional(),
    taxes: z.array(z.string().trim().max(255)).max(50).default([]),
  })
  .superRefine((r, ctx) => {
    if (r.sale_price === null && r.purchase_price === null) {
      ctx.addIssue({ code: 'custom', path: ['sale_price'], message: PRICE_REQUIRED.sale_price });
    }
  });

type ItemRow = z.output<typeof itemRow> & { category_id?: number; tax_ids?: number[] };

/** Items from a CSV or XLSX file; categories (of type item) and taxes are named, not numbered. */
export const itemImport = importable({
  key: 'items',
  label: 'items',
  base: '/sales/items',
  permission: 'items.import',
  columns: [
    { field: 'name', label: 'Name', required: true, aliases: ['item', 'item name', 'product', 'product name', 'service'], example: 'Sourdough loaf' },
    { field: 'description', label: 'Description', aliases: ['details', 'notes'], example: '800 g, baked daily' },
    { field: 'sale_price', label: 'Sale price', aliases: ['price', 'selling price', 'sales price', 'unit price'], example: '4.50' },
    { field: 'purchase_price', label: 'Purchase price', aliases: ['cost', 'cost price', 'buying price'], example: '2.10' },
    { field: 'category', label: 'Category', aliases: ['category name', 'group'], example: '' },
    { field: 'taxes', label: 'Taxes', kind: 'list', aliases: ['tax', 'tax names'], example: '' },
    { field: 'enabled', label: 'Enabled', kind: 'boolean', aliases: ['active', 'status'], example: 'Yes' },
  ],
  rowSchema: itemRow,
  references: {
    category: {
      target: 'category_id',
      find: (tx, ctx, names) => idsByName(tx, ctx, categories, names, eq(categories.type, 'item')),
      message: (name) => `There is no item category named "${name}".`,
    },
    taxes: {
      target: 'tax_ids',
      find: (tx, ctx, names) => idsByName(tx, ctx, taxes, names),
      message: (name) => `There is no tax named "${name}".`,
    },
  },
  commit: async (tx, ctx, parsed, progress) => {
    const rows = parsed as ItemRow[];
    await insertInChunks(
      rows,
      async (chunk) => {
        const made = await bulkInsert<{ id: number }>(
          tx,
          items,
          chunk.map((r) => ({
            tenantId: ctx.tenantId,
            name: r.name,
            description: r.description,
            salePrice: r.sale_price,
            purchasePrice: r.purchase_price,
            categoryId: r.category_id ?? null,
            enabled: r.enabled,
          })),
          { id: items.id },
        );
        const links = chunk.flatMap((r, i) => [...new Set(r.tax_ids ?? [])].map((taxId) => ({ tenantId: ctx.tenantId, itemId: made[i].id, taxId })));
        await bulkInsert(tx, itemTaxes, links);
      },
      progress,
    );
  },
});
