import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ItemRow, ItemTax } from '../../../common/answers/accounting.js';
import { itemSchema, PRICE_REQUIRED } from '../../../common/schemas/accounting.js';
import { answerFields } from '../../http/answer-fields.js';
import { ValidationError } from '../../http/errors.js';
import { defineResource } from '../../http/resource.js';
import { categories, items, itemTaxes, taxes } from './schema.js';
import { isoTimestamp as ts, qualified } from '../../db/sql.js';


/**
 * Items sold or bought (SPEC §7 "/sales/items"). Prices are decimal strings; the taxes an item
 * carries live in item_taxes, written in the item's own transaction and read for a whole page
 * in one query.
 */
export const itemResource = defineResource({
  label: 'Item',
  singular: 'item',
  base: '/sales/items',
  table: items,
  // the taxes are attached after the select (attach, below)
  fields: answerFields<ItemRow, 'taxes'>()({
    id: items.id,
    name: items.name,
    description: items.description,
    sale_price: items.salePrice,
    purchase_price: items.purchasePrice,
    category_id: items.categoryId,
    // a correlated sub-select, so a page costs no extra query per row; qualified, so it also holds in RETURNING
    category: sql<ItemRow['category']>`(
      select json_build_object('id', c.id, 'name', c.name, 'color', c.color) from ${categories} c
       where c.tenant_id = ${qualified(items.tenantId)} and c.id = ${qualified(items.categoryId)})`,
    enabled: items.enabled,
    created_at: ts(items.createdAt),
    updated_at: ts(items.updatedAt),
  }),
  columns: { created_at: items.createdAt, updated_at: items.updatedAt },
  create: itemSchema,
  searchable: ['name', 'description'],
  searchColumn: items.searchText,
  sortable: ['name', 'sale_price', 'purchase_price', 'created_at', 'enabled'],
  defaultSort: ['name', 'asc'],
  filterable: ['enabled', 'category_id'],
  access: { view: 'items.view', create: 'items.create', update: 'items.update', delete: 'items.delete' },
  references: {
    category_id: { table: categories, where: eq(categories.type, 'item') },
    tax_ids: { table: taxes },
  },
  // an update may send one price: the other is the stored one
  beforeWrite: async (_tx, _req, input, current) => {
    const sale = input.sale_price !== undefined ? input.sale_price : (current?.sale_price ?? null);
    const purchase = input.purchase_price !== undefined ? input.purchase_price : (current?.purchase_price ?? null);
    if (sale === null && purchase === null) throw new ValidationError({ sale_price: [PRICE_REQUIRED.sale_price], purchase_price: [PRICE_REQUIRED.purchase_price] });
  },
  // tax_ids replaces the item's taxes when sent (always on store)
  afterWrite: async (tx, req, record, input, previous) => {
    const taxIds = input.tax_ids as number[] | undefined;
    if (taxIds === undefined) return;
    const tenantId = req.tenant!.id;
    const itemId = record.id as number;
    if (previous) await tx.delete(itemTaxes).where(and(eq(itemTaxes.tenantId, tenantId), eq(itemTaxes.itemId, itemId)));
    const unique = [...new Set(taxIds)];
    if (unique.length) await tx.insert(itemTaxes).values(unique.map((taxId) => ({ tenantId, itemId, taxId })));
  },
  attach: async (tx, req, rows) => {
    const found = await tx
      .select({ itemId: itemTaxes.itemId, id: taxes.id, name: taxes.name, rate: sql<string>`trim_scale(${taxes.rate})::text` })
      .from(itemTaxes)
      .innerJoin(taxes, and(eq(taxes.tenantId, itemTaxes.tenantId), eq(taxes.id, itemTaxes.taxId)))
      .where(and(eq(itemTaxes.tenantId, req.tenant!.id), inArray(itemTaxes.itemId, rows.map((r) => r.id as number))))
      .orderBy(asc(taxes.name), asc(taxes.id));
    const byItem = new Map<number, ItemTax[]>();
    for (const { itemId, ...tax } of found) byItem.set(itemId, [...(byItem.get(itemId) ?? []), tax]);
    for (const row of rows) row.taxes = byItem.get(row.id as number) ?? [];
  },
});

export function itemRoutes(app: FastifyInstance) {
  itemResource.routes(app);
  // SPEC §7 names the single read `show/{id}`; get-item/{id} stays for the contract's pattern
  app.get('/sales/items/show/:id', { config: { access: 'items.view' } }, (req) => itemResource.get(req));
}
