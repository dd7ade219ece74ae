import { sql } from 'drizzle-orm';
import type { TaxRow } from '../../../common/answers/accounting.js';
import { taxSchema } from '../../../common/schemas/accounting.js';
import { answerFields } from '../../http/answer-fields.js';
import { fieldError } from '../../http/errors.js';
import { defineResource } from '../../http/resource.js';
import { taxes } from '../accounting/schema.js';
import { isDefaultValue } from './service.js';
import { isoTimestamp as ts } from '../../db/sql.js';

/** The tax's answer fields, checked against the shared row (also the answerFields test's example). */
export const taxFields = answerFields<TaxRow>()({
  id: taxes.id,
  name: taxes.name,
  rate: sql<number>`${taxes.rate}`.mapWith(Number),
  type: taxes.type,
  enabled: taxes.enabled,
  created_at: ts(taxes.createdAt),
  updated_at: ts(taxes.updatedAt),
});

export const taxResource = defineResource({
  label: 'Tax',
  singular: 'tax',
  base: '/settings/accounting/taxes',
  table: taxes,
  fields: taxFields,
  columns: { rate: taxes.rate, created_at: taxes.createdAt, updated_at: taxes.updatedAt },
  create: taxSchema,
  searchable: ['name'],
  sortable: ['name', 'rate', 'created_at'],
  defaultSort: ['name', 'asc'],
  filterable: ['type', 'enabled'],
  access: { view: 'taxes.view', create: 'taxes.create', update: 'taxes.update', delete: 'taxes.delete' },
  // a tax on items answers 422 through its foreign key; the default tax is only named in the settings
  beforeDelete: async (tx, req, record) => {
    if (await isDefaultValue(tx, req.tenant!.id, 'tax_id', record.id)) {
      throw fieldError('id', 'This tax is the default tax (Settings, Defaults): choose another default first.');
    }
  },
});
