import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  ACCOUNTING_SETTING_KEYS,
  ACCOUNTING_SETTING_SCHEMAS,
  EMAIL_TEMPLATE_KEYS,
  sectionSlug,
  type AccountingSettingKey,
  type AccountingSettings,
} from '../../../common/schemas/accounting-settings.js';
import type { Tx } from '../../db/client.js';
import { fieldError, ValidationError, type FieldErrors } from '../../http/errors.js';
import { validate } from '../../http/validate.js';
import { bankAccounts } from '../banking/schema.js';
import { readImageUpload, removeImage, sendImage, storeImage } from '../profile/avatars.js';
import { categories, currencies, paymentMethods, taxes } from '../accounting/schema.js';
import { makeDefaultCurrency } from './currencies.js';
import { sanitizeEmailHtml } from './email-html.js';
import { accountingLogo, accountingSetting, ACCOUNTING_READERS, logoUrl, storeAccountingSetting } from './service.js';

type TenantTableLike = PgTable & { tenantId: AnyPgColumn; id: AnyPgColumn };

const LABELS: Record<AccountingSettingKey, string> = {
  general: 'General settings',
  defaults: 'Defaults',
  invoices: 'Invoice settings',
  scheduling: 'Scheduling settings',
  email_templates: 'Email templates',
  mailbox: 'Mailbox settings',
};

async function exists(tx: Tx, table: TenantTableLike, tenantId: number, where: SQL) {
  const [hit] = await tx.select({ id: table.id }).from(table).where(and(eq(table.tenantId, tenantId), where)).limit(1);
  return Boolean(hit);
}

/** Each default must name a record of the company (the income category an income one…). */
async function checkDefaults(tx: Tx, tenantId: number, v: AccountingSettings['defaults']) {
  const errors: FieldErrors = {};
  const invalid = (field: string) => (errors[field] = [`The selected ${field.replace(/_/g, ' ')} is invalid.`]);
  if (v.account_id !== null && !(await exists(tx, bankAccounts, tenantId, eq(bankAccounts.id, v.account_id)))) invalid('account_id');
  if (!(await exists(tx, currencies, tenantId, eq(currencies.code, v.currency)))) invalid('currency');
  if (v.payment_method !== null && !(await exists(tx, paymentMethods, tenantId, eq(paymentMethods.code, v.payment_method)))) invalid('payment_method');
  if (v.tax_id !== null && !(await exists(tx, taxes, tenantId, eq(taxes.id, v.tax_id)))) invalid('tax_id');
  for (const type of ['income', 'expense'] as const) {
    const id = v[`${type}_category_id`];
    if (id !== null && !(await exists(tx, categories, tenantId, and(eq(categories.id, id), eq(categories.type, type))!))) invalid(`${type}_category_id`);
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/** What a section needs beyond its schema before it is stored. */
async function prepare<K extends AccountingSettingKey>(tx: Tx, tenantId: number, key: K, value: AccountingSettings[K]): Promise<AccountingSettings[K]> {
  if (key === 'defaults') {
    const v = value as AccountingSettings['defaults'];
    await checkDefaults(tx, tenantId, v);
    await makeDefaultCurrency(tx, tenantId, v.currency);
  }
  if (key === 'email_templates') {
    const v = { ...(value as AccountingSettings['email_templates']) };
    for (const t of EMAIL_TEMPLATE_KEYS) {
      const body = sanitizeEmailHtml(v[t].body);
      if (!body) throw fieldError(`${t}.body`, 'The body has no content left once unsafe HTML is removed.');
      v[t] = { subject: v[t].subject, body };
    }
    return v as AccountingSettings[K];
  }
  return value;
}

const removeLogoFlag = z.object({ remove_logo: z.boolean().optional() });

/** The settings sections (JSON): GET <section>/json, PUT <section>/update; the logo upload. */
export function sectionRoutes(app: FastifyInstance) {
  const logoDir = join(app.ctx.config.dataDir, 'logos');

  const general = async (tx: Tx, tenantId: number) => ({
    value: await accountingSetting(tx, tenantId, 'general'),
    logo: logoUrl(await accountingLogo(tx, tenantId)),
  });

  // SPEC §7: the company's accounting identity, read by documents as well as by this page
  app.get('/settings/accounting/general-json', { config: { access: ACCOUNTING_READERS } }, async (req) => ({
    data: await req.tenantTx((tx) => general(tx, req.tenant!.id)),
  }));

  for (const key of ACCOUNTING_SETTING_KEYS) {
    const base = `/settings/accounting/${sectionSlug(key)}`;
    if (key !== 'general') {
      app.get(`${base}/json`, { config: { access: 'accounting_settings.view' } }, async (req) => ({
        data: await req.tenantTx((tx) => accountingSetting(tx, req.tenant!.id, key)),
      }));
    }

    app.put(`${base}/update`, { config: { access: 'accounting_settings.update' } }, async (req) => {
      const input = validate(ACCOUNTING_SETTING_SCHEMAS[key], req.body) as AccountingSettings[typeof key];
      const removeLogo = key === 'general' && validate(removeLogoFlag, req.body).remove_logo === true;
      let dropped: string | null = null;
      const data = await req.tenantTx(async (tx) => {
        const tenantId = req.tenant!.id;
        await storeAccountingSetting(tx, tenantId, key, await prepare(tx, tenantId, key, input));
        if (key !== 'general') return accountingSetting(tx, tenantId, key);
        if (removeLogo) {
          dropped = await accountingLogo(tx, tenantId);
          await storeAccountingSetting(tx, tenantId, 'logo', { file: null });
        }
        return general(tx, tenantId);
      });
      removeImage(logoDir, dropped);
      return { message: `${LABELS[key]} saved successfully.`, data };
    });
  }

  // multipart with the image in `logo`; jpg, png or webp by its bytes, 2 MB at most
  app.post('/settings/accounting/logo', { config: { access: 'accounting_settings.update' } }, async (req) => {
    const { file } = await readImageUpload(req, 'logo');
    if (!file) throw fieldError('logo', 'The logo field is required.');
    const name = storeImage(logoDir, file, 'logo');
    let previous: string | null = null;
    try {
      await req.tenantTx(async (tx) => {
        previous = await accountingLogo(tx, req.tenant!.id);
        await storeAccountingSetting(tx, req.tenant!.id, 'logo', { file: name });
      });
    } catch (err) {
      removeImage(logoDir, name);
      throw err;
    }
    removeImage(logoDir, previous);
    return { message: 'Logo uploaded successfully.', data: { logo: logoUrl(name) } };
  });

  // public: the logo is printed on documents sent out, and the public estimate view shows it;
  // names are 128 random bits and checked against a strict pattern
  app.get<{ Params: { file: string } }>('/settings/accounting/logo/:file', { config: { access: 'public' } }, async (req, reply) =>
    sendImage(reply, logoDir, req.params.file, 'public, max-age=86400'),
  );
}
