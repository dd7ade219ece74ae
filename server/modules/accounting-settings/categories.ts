import type { FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { CategoryRow } from '../../../common/answers/accounting.js';
import { categorySchema } from '../../../common/schemas/accounting-settings.js';
import type { Tx } from '../../db/client.js';
import { answerFields } from '../../http/answer-fields.js';
import { fieldError } from '../../http/errors.js';
import { defineResource } from '../../http/resource.js';
import { categories } from '../accounting/schema.js';
import { isInUse } from './in-use.js';
import { isDefaultValue } from './service.js';
import { isoTimestamp as ts } from '../../db/sql.js';


type Row = Record<string, unknown>;

/**
 * Categories nest one level: a parent has no parent of its own and the same type, and a
 * category that has subcategories cannot become one. A type is fixed once something uses the
 * category (items, transactions, its ledger account, subcategories).
 */
async function categoryRules(tx: Tx, req: FastifyRequest, input: Row, current: Row | null) {
  const tenantId = req.tenant!.id;
  const type = (input.type ?? current?.type) as string;
  const parentId = (input.parent_id !== undefined ? input.parent_id : (current?.parent_id ?? null)) as number | null;

  if (current && input.type !== undefined && input.type !== current.type && (await isInUse(tx, categories, tenantId, Number(current.id)))) {
    throw fieldError('type', 'The type cannot be changed once the category is in use.');
  }
  if (parentId === null) return;
  if (current && parentId === current.id) throw fieldError('parent_id', 'A category cannot be its own parent.');
  const [parent] = await tx
    .select({ type: categories.type, parentId: categories.parentId })
    .from(categories)
    .where(and(eq(categories.tenantId, tenantId), eq(categories.id, parentId)));
  if (!parent) throw fieldError('parent_id', 'The selected parent id is invalid.');
  if (parent.parentId !== null) throw fieldError('parent_id', 'The parent must be a top-level category: categories nest one level only.');
  if (parent.type !== type) throw fieldError('parent_id', `The parent must be a category of the same type (${type}).`);
  if (current) {
    const [child] = await tx
      .select({ one: sql`1` })
      .from(categories)
      .where(and(eq(categories.tenantId, tenantId), eq(categories.parentId, Number(current.id))))
      .limit(1);
    if (child) throw fieldError('parent_id', 'A category with subcategories cannot get a parent.');
  }
}

export const categoryResource = defineResource({
  label: 'Category',
  singular: 'category',
  base: '/settings/accounting/categories',
  table: categories,
  fields: answerFields<CategoryRow>()({
    id: categories.id,
    name: categories.name,
    type: categories.type,
    color: categories.color,
    parent_id: categories.parentId,
    // spelled out: in INSERT/UPDATE … RETURNING, Drizzle leaves columns unqualified, which the subquery would read as p's
    parent_name: sql<string | null>`(select p.name from categories p where p.tenant_id = categories.tenant_id and p.id = categories.parent_id)`,
    enabled: categories.enabled,
    created_at: ts(categories.createdAt),
    updated_at: ts(categories.updatedAt),
  }),
  columns: { created_at: categories.createdAt, updated_at: categories.updatedAt },
  create: categorySchema,
  searchable: ['name'],
  sortable: ['name', 'type', 'enabled', 'created_at'],
  defaultSort: ['name', 'asc'],
  filterable: ['type', 'enabled', 'parent_id'],
  access: { view: 'categories.view', create: 'categories.create', update: 'categories.update', delete: 'categories.delete' },
  beforeWrite: categoryRules,
  beforeDelete: async (tx, req, record) => {
    const field = record.type === 'income' ? 'income_category_id' : record.type === 'expense' ? 'expense_category_id' : null;
    if (field && (await isDefaultValue(tx, req.tenant!.id, field, record.id))) {
      throw fieldError('id', `This category is the default ${record.type} category (Settings, Defaults): choose another default first.`);
    }
  },
});
