import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { EmailDomainKey, EmailDomainRow } from '../../../common/answers/email.js';
import { addDomainSchema as addSchema, domainKeySchema as keySchema } from '../../../common/schemas/email-settings.js';
import { rows, type Tx } from '../../db/client.js';
import { notFound, ValidationError } from '../../http/errors.js';
import { defineResource } from '../../http/resource.js';
import { validate } from '../../http/validate.js';
import { MailgunDomains, type MailgunDomain, type MailgunKey } from '../../providers/email/mailgun.js';
import { ProviderError } from '../../providers/payments/errors.js';
import { emailDomains } from './schema.js';
import { mailgunAccountOf, providerFailure, readStored } from './settings.js';

/**
 * Sending domains on the company's Mailgun account (SPEC §4 Email domain; issue 17): added
 * through Mailgun's domains API, which answers the DNS records to create (SPF, DKIM, MX, the
 * tracking CNAME); verified (Mailgun looks the records up again), read again for their status,
 * made the default (one at a time: the sending domain of the settings), deleted; and their
 * domain sending keys created (the secret shown once), listed and deleted. Our row caches the
 * records and their states as last read.
 */
const FIELDS = {
  id: emailDomains.id,
  domain: emailDomains.domain,
  is_default: emailDomains.isDefault,
  state: emailDomains.state,
  records: emailDomains.records,
  checked_at: emailDomains.checkedAt,
  created_at: emailDomains.createdAt,
};

export const domainResource = defineResource({
  label: 'Domain',
  singular: 'domain',
  base: '/email/settings/domains',
  table: emailDomains,
  fields: FIELDS,
  create: z.object({}),
  searchable: ['domain'],
  sortable: ['domain', 'created_at'],
  defaultSort: ['domain', 'asc'],
  perPage: 15,
  access: { view: 'email_settings.view', create: 'email_settings.create', update: 'email_settings.update', delete: 'email_settings.delete' },
  writes: false,
  export: false,
});

const idOf = (req: FastifyRequest) => {
  const raw = (req.params as { id?: string }).id ?? '';
  if (!/^[1-9]\d{0,15}$/.test(raw)) throw notFound('Domain');
  return Number(raw);
};

async function findDomain(tx: Tx, tenantId: number, id: number, lock = false): Promise<EmailDomainRow> {
  const [row] = await rows<EmailDomainRow>(
    tx,
    sql`select id, domain, is_default, state, records, checked_at, created_at from email_domains where tenant_id = ${tenantId} and id = ${id} ${lock ? sql`for update` : sql``}`,
  );
  if (!row) throw notFound('Domain');
  return { ...row, id: Number(row.id) };
}

/** the company's Mailgun domains API, or a 422 when it has no Mailgun key */
async function mailgunOf(app: FastifyInstance, req: FastifyRequest): Promise<MailgunDomains> {
  const stored = await req.tenantRead((tx) => readStored(tx, req.tenant!.id));
  const account = mailgunAccountOf(app.ctx.config, req.tenant!.id, stored);
  return new MailgunDomains(account);
}

const recordsOf = (d: MailgunDomain) => d.records.map((r) => ({ purpose: r.purpose, type: r.type, name: r.name, value: r.value, priority: r.priority, valid: r.valid }));

async function storeState(tx: Tx, tenantId: number, id: number, d: MailgunDomain): Promise<EmailDomainRow> {
  await tx.execute(sql`update email_domains set state = ${d.state}, records = ${JSON.stringify(recordsOf(d))}::jsonb, checked_at = now(), updated_at = now()
    where tenant_id = ${tenantId} and id = ${id}`);
  return findDomain(tx, tenantId, id);
}

/** makes `id` the one default and the settings' sending domain; the other default cleared first, all rows locked so two at once cannot both win */
async function makeDefault(tx: Tx, tenantId: number, id: number): Promise<EmailDomainRow> {
  await tx.execute(sql`select id from email_domains where tenant_id = ${tenantId} order by id for update`);
  const d = await findDomain(tx, tenantId, id);
  await tx.execute(sql`update email_domains set is_default = false, updated_at = now() where tenant_id = ${tenantId} and is_default and id <> ${id}`);
  await tx.execute(sql`update email_domains set is_default = true, updated_at = now() where tenant_id = ${tenantId} and id = ${id}`);
  await tx.execute(sql`insert into email_settings (tenant_id, mailgun_domain) values (${tenantId}, ${d.domain})
    on conflict (tenant_id) do update set mailgun_domain = excluded.mailgun_domain,
      mailgun_from = case when email_settings.mailgun_from is null or split_part(email_settings.mailgun_from, '@', 2) = ${d.domain}
                            or ${d.domain} like '%.' || split_part(email_settings.mailgun_from, '@', 2) then email_settings.mailgun_from else null end,
      updated_at = now()`);
  return { ...d, is_default: true };
}

const keyAnswer = (k: MailgunKey): EmailDomainKey => ({ id: k.id, description: k.description, created_at: k.createdAt, expires_at: k.expiresAt, disabled: k.disabled, secret: k.secret });

export function emailDomainRoutes(app: FastifyInstance) {
  domainResource.routes(app);

  app.post('/email/settings/domains', { config: { access: 'email_settings.create' } }, async (req, reply) => {
    const { domain } = validate(addSchema, req.body ?? {});
    const tenantId = req.tenant!.id;
    const exists = await req.tenantRead((tx) => rows(tx, sql`select 1 from email_domains where tenant_id = ${tenantId} and domain = ${domain}`));
    if (exists.length) throw new ValidationError({ domain: ['This domain is already added.'] });
    const mailgun = await mailgunOf(app, req);
    let found: MailgunDomain;
    try {
      found = await mailgun.create(domain);
    } catch (e) {
      // already on the account (added in Mailgun's dashboard): take it as it is
      if (e instanceof ProviderError && e.status === 400 && /already/i.test(e.message)) found = await mailgun.get(domain).catch((err: unknown) => providerFailure(err, 'Failed to add domain'));
      else providerFailure(e, 'Failed to add domain');
    }
    const data = await req
      .tenantTx(async (tx) => {
        const [row] = await rows<{ id: number }>(
          tx,
          sql`insert into email_domains (tenant_id, domain, state, records, checked_at) values (${tenantId}, ${domain}, ${found.state}, ${JSON.stringify(recordsOf(found))}::jsonb, now()) returning id`,
        );
        const [{ n }] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from email_domains where tenant_id = ${tenantId} and is_default`);
        // the first domain is the sending domain until another is chosen
        return n === 0 ? makeDefault(tx, tenantId, Number(row.id)) : findDomain(tx, tenantId, Number(row.id));
      })
      .catch((e: unknown) => {
        const pg = (e as { cause?: { code?: string } }).cause ?? (e as { code?: string });
        if (pg.code === '23505') throw new ValidationError({ domain: ['This domain is already added.'] });
        throw e;
      });
    return reply.code(201).send({ message: 'Domain added: create its DNS records, then verify it.', data });
  });

  app.delete('/email/settings/domains/:id', { config: { access: 'email_settings.delete' } }, async (req) => {
    const id = idOf(req);
    const tenantId = req.tenant!.id;
    const d = await req.tenantRead((tx) => findDomain(tx, tenantId, id));
    const mailgun = await mailgunOf(app, req);
    await mailgun.remove(d.domain).catch((e: unknown) => providerFailure(e, 'Failed to delete domain'));
    await req.tenantTx(async (tx) => {
      await tx.delete(emailDomains).where(and(eq(emailDomains.tenantId, tenantId), eq(emailDomains.id, id)));
      if (d.is_default) await tx.execute(sql`update email_settings set mailgun_domain = null, updated_at = now() where tenant_id = ${tenantId} and mailgun_domain = ${d.domain}`);
    });
    return { message: 'Domain deleted' };
  });

  app.post('/email/settings/domains/:id/default', { config: { access: 'email_settings.update' } }, async (req) => {
    const id = idOf(req);
    const data = await req.tenantTx((tx) => makeDefault(tx, req.tenant!.id, id));
    return { message: `${data.domain} is now the sending domain`, data };
  });

  app.post('/email/settings/domains/:id/verify', { config: { access: 'email_settings.update' } }, async (req) => {
    const id = idOf(req);
    const d = await req.tenantRead((tx) => findDomain(tx, req.tenant!.id, id));
    const mailgun = await mailgunOf(app, req);
    const checked = await mailgun.verify(d.domain).catch((e: unknown) => providerFailure(e, 'Verification failed'));
    const data = await req.tenantTx((tx) => storeState(tx, req.tenant!.id, id, checked));
    const missing = data.records.filter((r) => r.valid !== 'valid' && r.purpose !== 'mx').length;
    const message = data.state === 'active' ? `${d.domain} is verified` : `${d.domain} is not verified yet: ${missing} DNS record${missing === 1 ? ' is' : 's are'} not in place. DNS changes can take a few hours.`;
    return { message, data };
  });

  app.get('/email/settings/domains/:id/status', { config: { access: 'email_settings.view' } }, async (req) => {
    const id = idOf(req);
    const d = await req.tenantRead((tx) => findDomain(tx, req.tenant!.id, id));
    const mailgun = await mailgunOf(app, req);
    const now = await mailgun.get(d.domain).catch((e: unknown) => providerFailure(e, 'Failed to check the domain'));
    return { data: await req.tenantTx((tx) => storeState(tx, req.tenant!.id, id, now)) };
  });

  app.get('/email/settings/domains/:id/keys', { config: { access: 'email_settings.view' } }, async (req) => {
    const id = idOf(req);
    const d = await req.tenantRead((tx) => findDomain(tx, req.tenant!.id, id));
    const mailgun = await mailgunOf(app, req);
    const keys = await mailgun.listKeys(d.domain).catch((e: unknown) => providerFailure(e, 'Failed to list the sending keys'));
    return { data: keys.map((k) => ({ ...keyAnswer(k), secret: null })) };
  });

  app.post('/email/settings/domains/:id/keys', { config: { access: 'email_settings.create' } }, async (req, reply) => {
    const id = idOf(req);
    const { description } = validate(keySchema, req.body ?? {});
    const d = await req.tenantRead((tx) => findDomain(tx, req.tenant!.id, id));
    const mailgun = await mailgunOf(app, req);
    const key = await mailgun.createKey(d.domain, description || `Kazi sending key for ${d.domain}`).catch((e: unknown) => providerFailure(e, 'Failed to create the sending key'));
    return reply.code(201).send({ message: 'Sending key created: copy it now, it is not shown again.', data: keyAnswer(key) });
  });

  app.delete('/email/settings/domains/:id/keys/:keyId', { config: { access: 'email_settings.delete' } }, async (req) => {
    const id = idOf(req);
    const keyId = (req.params as { keyId?: string }).keyId ?? '';
    if (!/^[A-Za-z0-9_-]{1,100}$/.test(keyId)) throw notFound('Sending key');
    const d = await req.tenantRead((tx) => findDomain(tx, req.tenant!.id, id));
    const mailgun = await mailgunOf(app, req);
    // only a key of this domain: another domain's key is not deleted through this one
    const keys = await mailgun.listKeys(d.domain).catch((e: unknown) => providerFailure(e, 'Failed to delete the sending key'));
    if (!keys.some((k) => k.id === keyId)) throw notFound('Sending key');
    await mailgun.deleteKey(keyId).catch((e: unknown) => providerFailure(e, 'Failed to delete the sending key'));
    return { message: 'Sending key deleted' };
  });
}
