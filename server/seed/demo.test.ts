import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.js';
import { TestClient } from '../testing/client.js';
import { sql } from 'drizzle-orm';
import { rows } from '../db/client.js';
import { withTenant } from '../db/tenancy.js';
import { add, compare, isZero } from '../../common/money.js';
import { trialBalance } from '../modules/ledger/service.js';
import { pdfText } from '../modules/documents/pdf-text.js';
import { seedDemo, DEMO_EMAIL, DEMO_PASSWORD } from './demo.js';
import type { WalletDistribution, WalletMetrics } from '../../common/answers/wallet.js';
import { reserve } from '../modules/wallet/index.js';

let t: TestApp;
let tenantId: number;
let demo: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId } = await seedDemo(t.database, new Date(), t.config));
  demo = new TestClient(t.app);
  await demo.login(DEMO_EMAIL, DEMO_PASSWORD);
}, 120_000);
afterAll(() => t?.close());

interface Doc {
  id: number;
  type: string;
  status: string;
  overdue: boolean;
  total: string;
  amount_paid: string;
  amount_due: string;
  parent_id: number | null;
}

const list = async (type: string): Promise<Doc[]> => {
  const res = await demo.get(`/accounting/documents/json?type=${type}&per_page=100`, { json: true });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

describe('the demo company', () => {
  it('has a year of invoices in every state, bills and estimates answered every way', async () => {
    const invoices = await list('invoice');
    const statuses = new Set(invoices.map((d) => d.status));
    for (const s of ['draft', 'sent', 'viewed', 'partial', 'paid', 'cancelled']) expect(statuses, s).toContain(s);
    expect(invoices.length).toBeGreaterThanOrEqual(36);
    expect(invoices.some((d) => d.overdue)).toBe(true);
    // paid ones are paid in full; partial ones have something paid and something due
    for (const d of invoices.filter((x) => x.status === 'paid')) expect(isZero(d.amount_due)).toBe(true);
    for (const d of invoices.filter((x) => x.status === 'partial')) expect(compare(d.amount_paid, '0') > 0 && compare(d.amount_due, '0') > 0).toBe(true);

    const bills = await list('bill');
    expect(new Set(bills.map((d) => d.status))).toEqual(new Set(['received', 'partial', 'paid']));
    const estimates = await list('estimate');
    for (const s of ['draft', 'sent', 'approved', 'refused', 'converted']) expect(estimates.map((d) => d.status), s).toContain(s);
    const converted = estimates.filter((d) => d.status === 'converted').map((d) => d.id);
    expect(invoices.filter((d) => d.parent_id && converted.includes(d.parent_id))).toHaveLength(converted.length);
  });

  it('the ledger balances, and the receivable is what the open invoices are due', async () => {
    const tb = await withTenant(t.database, tenantId, (tx) => trialBalance(tx, tenantId));
    for (const code of new Set(tb.map((r) => r.currency_code))) {
      expect(tb.filter((r) => r.currency_code === code).reduce((s, r) => add(s, r.balance), '0'), code).toMatch(/^0(\.0+)?$/);
    }
    expect(tb.reduce((s, r) => add(s, r.base_balance), '0')).toMatch(/^-?0(\.0+)?$/);

    const invoices = await list('invoice');
    const due = invoices.filter((d) => ['sent', 'viewed', 'partial'].includes(d.status)).reduce((s, d) => add(s, d.amount_due), '0');
    const receivable = tb.filter((r) => /receivable/i.test(r.name)).reduce((s, r) => add(s, r.balance), '0');
    expect(compare(receivable, due)).toBe(0);
    const bills = await list('bill');
    const owed = bills.filter((d) => ['received', 'partial'].includes(d.status)).reduce((s, d) => add(s, d.amount_due), '0');
    const payable = tb.filter((r) => /payable/i.test(r.name)).reduce((s, r) => add(s, r.balance), '0');
    expect(compare(add(payable, owed), '0')).toBe(0);
  });

  it('the Show pages and a report have something to show', async () => {
    const [paid] = (await list('invoice')).filter((d) => d.status === 'paid');
    const read = (await demo.get(`/accounting/documents/get-document/${paid.id}`, { json: true })).json().data;
    expect(read.items.length).toBeGreaterThan(0);
    expect(read.payments.length).toBeGreaterThan(0);
    const timeline = (await demo.get(`/accounting/documents/comments/${paid.id}`, { json: true })).json().data;
    expect(timeline.length).toBeGreaterThanOrEqual(3);
  });
});

describe('the demo company as a new user first meets it', () => {
  it('categorises its income and spending: nothing in Uncategorised', async () => {
    const tb = await withTenant(t.database, tenantId, (tx) => trialBalance(tx, tenantId));
    const income = tb.filter((r) => r.type === 'income');
    expect(income.length).toBeGreaterThan(1);
    const uncategorised = tb.filter((r) => /uncategorised/i.test(r.name));
    for (const r of uncategorised) expect(isZero(r.base_balance), r.name).toBe(true);
    expect(compare(income.reduce((s, r) => add(s, r.base_balance), '0'), '0')).toBeLessThan(0);
  });

  it("takes M-Pesa as a payment method, with its till number, and its till's income is paid by it", async () => {
    const methods = (await demo.get('/settings/accounting/offline-payments/json', { json: true })).json().data as { name: string; code: string; instructions: string | null }[];
    const mpesa = methods.find((m) => m.name === 'M-Pesa');
    expect(mpesa).toMatchObject({ code: 'offline_payments.mobile_money.3' });
    expect(mpesa!.instructions).toContain('5123890');
    const methodsOnTill = await withTenant(t.database, tenantId, (tx) =>
      rows<{ payment_method: string }>(
        tx,
        sql`select distinct t.payment_method from transactions t join bank_accounts a on a.id = t.bank_account_id
             where t.tenant_id = ${tenantId} and a.name = 'M-Pesa Till' and t.type = 'income' and t.document_id is null`,
      ),
    );
    expect(methodsOnTill.map((m) => m.payment_method)).toEqual(['offline_payments.mobile_money.3']);
  });

  it("prints the company's address, tax number and how to pay on an invoice PDF", async () => {
    const [invoice] = (await list('invoice')).filter((d) => d.status === 'paid');
    const res = await demo.get(`/accounting/documents/pdf/${invoice.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const flat = pdfText(res.rawPayload).text.replace(/\s+/g, '');
    for (const s of ['Acme', 'Kenyatta Avenue 12', '00100 Nairobi', 'Kenya', 'Tax number: P051234567X', 'accounts@acme.example', 'How to pay', 'account 0170291834455', 'M-Pesa: Lipa na M-Pesa', 'till number 5123890']) {
      expect(flat, s).toContain(s.replace(/\s+/g, ''));
    }
  });
});

// (moved from server/app.test.ts, which cloned a second database and seeded the demo inside one
// test for it: here the demo tenant is already seeded, and each figure is its own test)
describe('the dashboard shows the demo tenant\'s real figures', () => {
  let props: { stats: unknown; recentCustomers: unknown[]; customersByMonth: { count: number }[] };
  beforeAll(async () => {
    props = (await demo.get('/dashboard', { inertia: true })).json().props;
  });

  it('the counts of customers, vendors, taxes and users', () => {
    expect(props.stats).toEqual({ customers: 12, vendors: 3, taxes: 3, users: 3 });
  });

  it('the five most recent customers', () => {
    expect(props.recentCustomers).toHaveLength(5);
  });

  it('six months of new customers, charted', () => {
    expect(props.customersByMonth).toHaveLength(6);
    const charted = props.customersByMonth.reduce((s, m) => s + m.count, 0);
    expect(charted).toBeGreaterThan(0);
    expect(charted).toBeLessThanOrEqual(12);
  });

  it('has three e-mail templates compiled from MJML, each opening in the editor', async () => {
    const list = (await demo.get('/email/templates/json?sort_by=name', { json: true })).json().data as { id: number; name: string; variables: string[] }[];
    expect(list.map((t) => t.name)).toEqual(['Event invitation', 'Monthly newsletter', 'Thank you for your gift']);
    expect(list.find((t) => t.name === 'Monthly newsletter')!.variables).toEqual(['first_name', 'custom.membership']);
    const edit = (await demo.get(`/email/templates/${list[0].id}/edit`, { inertia: true })).json();
    expect(edit.props.template.html).toMatch(/^<!doctype html>/);
    expect(edit.props.template.html).toContain('Community Day');
    expect(edit.props.template.text).toContain('Reply: I\'m coming (https://kazi.example/community-day?rsvp={{ email }})');
  });

  it('has an address book: 3,000 contacts with consent, four counted segments, and activity on their dashboards', async () => {
    const contacts = (await demo.get('/contacts/json', { json: true })).json();
    expect(contacts.total).toBe(3000);
    // two fields of the company's own, filled in for most contacts
    const fields = (await demo.get('/contacts/fields/json', { json: true })).json().data as { key: string; type: string }[];
    expect(fields.map((f) => [f.key, f.type]).sort()).toEqual([['household', 'number'], ['membership', 'choice']]);
    expect(contacts.data.filter((c: { custom: Record<string, unknown> }) => typeof c.custom.membership === 'string').length).toBeGreaterThan(0);
    const segments = (await demo.get('/segments/json?per_page=50', { json: true })).json().data as { id: number; name: string; type: string; size: number }[];
    expect(segments.map((s) => s.name).sort()).toEqual(['Gala guest list', 'Nairobi donors', 'Opened an email this month', 'Volunteers or VIPs']);
    for (const s of segments) expect(s.size, s.name).toBeGreaterThan(0);
    const donors = segments.find((s) => s.name === 'Nairobi donors')!;
    const stats = (await demo.get(`/segments/statistics/${donors.id}?date_range=30`, { json: true })).json().data;
    // "may be sent SMS" is in its rules: everyone in it is reachable by SMS
    expect(stats.reachable.sms).toBe(stats.size);
    const logs = (await demo.get(`/segments/activity-logs/${donors.id}?date_range=30`, { json: true })).json();
    expect(logs.total).toBeGreaterThan(0);
    // a Kenyan company: a national number is read as +254
    const added = await demo.json('POST', '/contacts/store', { first_name: 'Local', phone: '0712 000 999' });
    expect(added.json().data.phone).toBe('+254712000999');
  });

  it('has sent an SMS to its Nairobi donors: delivered to most, a few failed, with templates to reuse', async () => {
    const all = (await demo.get('/sms/messages/json', { json: true })).json().data as { status: string; recipients: number; counts: Record<string, number>; audience_label: string }[];
    // the RSVP demo's invitations went by SMS too; the newsletter is the one to the segment
    const sends = all.filter((x) => x.audience_label === 'Segment: Nairobi donors');
    expect(sends).toHaveLength(1);
    expect(sends[0]).toMatchObject({ status: 'completed' });
    expect(sends[0].recipients).toBeGreaterThan(0);
    expect(sends[0].counts.delivered + sends[0].counts.failed).toBe(sends[0].recipients);
    expect(sends[0].counts.failed).toBeGreaterThan(0);
    const count = (await demo.get('/sms/count', { json: true })).json().data;
    expect(count).toMatchObject({ total: all.length });
    const templates = (await demo.get('/sms/templates/json', { json: true })).json().data as { name: string; variables: string[] }[];
    expect(templates.map((t) => t.name).sort()).toEqual(['Event reminder', 'Thank you']);
    expect(templates[0].variables).toEqual(['first_name']);
  });

  it('has sent two email newsletters: delivered to most, a few bounced, opened and clicked, charted on the email overview', async () => {
    const sends = (await demo.get('/email/group-transactions/json', { json: true })).json().data as { status: string; recipients: number; counts: Record<string, number>; opened: number; clicked: number }[];
    expect(sends).toHaveLength(2);
    for (const s of sends) {
      expect(s.status).toBe('completed');
      expect(s.recipients).toBeGreaterThan(0);
      expect(s.counts.delivered + s.counts.failed).toBe(s.recipients);
      expect(s.counts.failed).toBeGreaterThan(0);
      expect(s.opened).toBeGreaterThan(s.clicked);
      expect(s.clicked).toBeGreaterThan(0);
    }
    const m = (await demo.get('/email/metrics?period=30d', { json: true })).json().data as { totals: Record<string, number>; series: { sent: number }[] };
    expect(m.totals.opened).toBeGreaterThan(0);
    expect(m.series.filter((p) => p.sent > 0)).toHaveLength(2);
    const failed = (await demo.get('/email/transactions/json?status=FAILED', { json: true })).json();
    expect(failed.data.length).toBeGreaterThan(0);
    expect(failed.data[0].reason).toMatch(/550/);
  });

  it('has its email sender set up, and no Mailgun key or domain it could not have verified', async () => {
    const settings = (await demo.get('/email/settings/json', { json: true })).json().data;
    expect(settings).toMatchObject({ driver: 'mailgun', mailgun_region: 'eu', default_from_name: 'Kazi Foundation', reply_to_email: 'hello@kazi.example', mailgun_key: null, mailgun_domain: null });
    expect(settings.email_footer).toMatch(/Nairobi/);
    expect((await demo.get('/email/settings/domains/json', { json: true })).json().total).toBe(0);
  });
});

describe('the platform operator', () => {
  it('the demo login is an operator outside production: it opens the Operator area', async () => {
    const page = await demo.get('/operator/payments', { inertia: true });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ component: 'Operator/Payments', props: { operator: true } });
  });
});

// (the wallet demo shares this file's seeded company: one demo seed per run, not two)
describe('the demo wallet', () => {
  it('is funded, with six months of purchases, a grant and settled sends, and its balance is the ledger’s sum and the lots’', async () => {
    const [b] = await withTenant(t.database, tenantId, (tx) =>
      rows<{ ledger: string; cached: string; lots: string; lowest: string; purchases: number; grants: number; months: number; running_ok: boolean }>(
        tx,
        sql`select (select sum(credits) from credit_movements)::numeric(20,4)::text as ledger,
                   (select balance from wallets)::text as cached,
                   (select sum(remaining) from credit_lots)::numeric(20,4)::text as lots,
                   (select min(balance_after) from credit_movements)::text as lowest,
                   (select count(*)::int from credit_movements where movement = 'purchase') as purchases,
                   (select count(*)::int from credit_movements where movement = 'grant') as grants,
                   (select count(distinct date_trunc('month', created_at))::int from credit_movements) as months,
                   -- each line's balance_after is the sum of the lines up to it, in id order
                   (select bool_and(balance_after = running) from (select balance_after, sum(credits) over (order by id) as running from credit_movements) x) as running_ok`,
      ),
    );
    expect(b.ledger).toBe(b.cached);
    expect(b.lots).toBe(b.cached);
    expect(Number(b.cached)).toBeGreaterThan(5000);
    expect(Number(b.lowest)).toBeGreaterThanOrEqual(0);
    expect(b).toMatchObject({ purchases: 6, grants: 1, running_ok: true });
    expect(b.months).toBeGreaterThanOrEqual(6);

    const m = (await demo.json('GET', '/wallet/metrics')).json().data as WalletMetrics;
    expect(m).toMatchObject({ balance: b.cached, currency: 'KES', amount_spent: '60000.0000', granted_balance: '0.0000' });
    const d = (await demo.json('GET', '/wallet/get-transactions-distribution?type=90d')).json().data as WalletDistribution;
    expect(d.by_service.map((s) => s.service)).toEqual(['airtime', 'email', 'sms']);

    // the automatic top-up is off, with the owner's M-Pesa number saved
    expect((await demo.json('GET', '/wallet/settings')).json().data).toEqual({
      low_balance_threshold: '2000.0000',
      auto_top_up: { enabled: false, target_balance: '10000.0000', method: { driver: 'mpesa', phone: '+254712345678' } },
    });

    // and the service carries on from it
    const r = await withTenant(t.database, tenantId, (tx) => reserve(tx, { service: 'sms', units: 10 }));
    expect(r.credits).toBe('10.0000');
  });

  it('has a media library: folders, and pictures whose thumbnails are served', async () => {
    const folders = (await demo.get('/media/get-folders', { json: true })).json().data as { name: string; parent_id: number | null }[];
    expect(folders.map((f) => f.name)).toEqual(expect.arrayContaining(['Events', 'Fundraising gala 2026', 'Brand', 'Reports']));
    const files = (await demo.get('/media/files?folder_id=all&filter=images', { json: true })).json();
    // five pictures and the company's two logos (company-settings demo)
    expect(files.total).toBe(7);
    const first = files.data[0] as { thumb_url: string; variants_state: string };
    expect(first.variants_state).toBe('ready');
    const thumb = await demo.get(first.thumb_url);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const usage = (await demo.get('/media/usage', { json: true })).json().data as { used: number };
    expect(usage.used).toBeGreaterThan(0);
  });

  it('has a published CMS page with a picture of the media library, open to visitors', async () => {
    const pages = (await demo.get('/cms/pages/json?status=published', { json: true })).json().data as { title: string; public_url: string; social_image_id: number | null }[];
    const about = pages.find((p) => p.title === 'About us')!;
    expect(about.public_url).toMatch(/^\/p\/[a-z0-9-]+\/about-us$/);
    expect(about.social_image_id).not.toBeNull();
    const visitor = new TestClient(t.app);
    const res = await visitor.get(about.public_url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h2 class="kz-heading">How we work</h2>');
    const src = /<img class="kz-image" alt="A new water point in Kibera"[^>]* src="([^"]+)"/.exec(res.body)?.[1].replace(/&amp;/g, '&');
    expect(src).toMatch(/^\/media\/public\//);
    const image = await visitor.get(src!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
  });

  it('is on a paid plan, twelve days into its period, with paid invoices and its usage within the limits', async () => {
    const page = (await demo.get('/subscriptions/json', { json: true })).json().data;
    expect(page.subscription).toMatchObject({ status: 'active', effective: 'active', read_only: false, interval: 'monthly', plan: { code: 'growth' } });
    for (const u of page.usage as { kind: string; used: number; limit: number | null }[]) {
      expect(u.limit === null || u.used <= u.limit, u.kind).toBe(true);
    }
    expect(page.usage.find((u: { kind: string }) => u.kind === 'contacts').used).toBeGreaterThan(0);
    const invoices = (await demo.get('/subscriptions/invoices/json', { json: true })).json();
    expect(invoices.total).toBe(3);
    expect(invoices.data.every((i: { status: string; pdf_url: string | null }) => i.status === 'paid' && i.pdf_url)).toBe(true);
  });

  it("has its own brand colour, logos served to visitors, SEO meta and terms (Settings/Company)", async () => {
    const company = (await demo.get('/settings/company/json', { json: true })).json().data;
    expect(company.logo_light).toMatch(/^\/company\/logo\/\d+\/light\?v=\d+$/);
    expect(company.logo_dark).toMatch(/^\/company\/logo\/\d+\/dark\?v=\d+$/);
    const visitor = new TestClient(t.app);
    const logo = await visitor.get(company.logo_light);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    const shell = (await demo.get('/dashboard', { inertia: true })).json();
    expect(shell.props.tenant.brand_color).toBe('#0F766E');
    const [{ slug }] = await t.database.query<{ slug: string }>('select slug from tenants where id = $1', [tenantId]);
    const terms = await visitor.get(`/p/${slug}/legal/terms`);
    expect(terms.statusCode).toBe(200);
    expect(terms.body).toContain('Quotes are valid for 30 days');
    const quote = await visitor.get(`/quotes/request?company=${slug}`, { inertia: true });
    expect(quote.json().props.company.brand_color).toBe('#0F766E');
  });
});

describe('the demo company’s chat', () => {
  it('has a direct thread and a group with messages, some unread for the owner', async () => {
    const res = await demo.get('/chat/get-contact-with-threads', { json: true });
    expect(res.statusCode).toBe(200);
    const { threads, contacts, unread_total } = res.json().data as {
      threads: { name: string; type: string; unread_count: number; last_message: { body: string } | null }[];
      contacts: { name: string }[];
      unread_total: number;
    };
    expect(threads.map((x) => [x.name, x.type, x.unread_count])).toEqual([
      ['Water project team', 'group', 3],
      ['Amina Njeri', 'direct', 2],
    ]);
    expect(threads[0].last_message!.body).toBe('Thursday works for me 👍');
    expect(unread_total).toBe(5);
    expect(contacts.map((c) => c.name)).toEqual(['Amina Njeri', 'Brian Otieno']);
  });
});

describe('the demo company’s campaigns', () => {
  it('has an active campaign with a budget, events past, present and to come, a series with participants and RSVP settings, and organisers', async () => {
    const campaigns = (await demo.get('/campaigns/json?per_page=100', { json: true })).json().data as { id: number; name: string; status: string; budget: string | null; owner_name: string | null; events_count: number }[];
    const water = campaigns.find((c) => c.name === 'Clean water 2026')!;
    expect(water).toMatchObject({ status: 'active', owner_name: 'Demo Owner' });
    expect(Number(water.budget)).toBeGreaterThan(0);
    expect(water.events_count).toBe(7);
    expect(new Set(campaigns.map((c) => c.status))).toEqual(new Set(['active', 'paused', 'draft']));

    const events = (await demo.get(`/events/json?campaign_id=${water.id}&per_page=100`, { json: true })).json().data as { name: string; status: string; venue: string | null; capacity: number | null; starts_at: string; organiser_ids: number[] }[];
    expect(events).toHaveLength(7);
    const now = Date.now();
    expect(events.filter((e) => e.status === 'completed').every((e) => Date.parse(e.starts_at) < now)).toBe(true);
    expect(events.map((e) => e.status).sort()).toEqual(['active', 'active', 'active', 'active', 'completed', 'completed', 'draft']);
    expect(events.some((e) => Date.parse(e.starts_at) > now && e.status === 'active')).toBe(true);
    expect(events.filter((e) => e.venue && e.capacity).length).toBeGreaterThanOrEqual(5);
    expect(events.every((e) => e.organiser_ids.length > 0)).toBe(true);

    // the calendar opens on the current month with something in it
    const month = (await demo.get('/events/calendar', { json: true })).json().data as { title: string; start_date: string }[];
    expect(month.length).toBeGreaterThan(0);
    const ym = new Date().toISOString().slice(0, 7);
    expect(month.some((i) => i.start_date.startsWith(ym))).toBe(true);

    const groups = (await demo.get('/groups/json', { json: true })).json().data as { id: number; name: string; events_count: number; participants_count: number; has_rsvp_config: boolean }[];
    const series = groups.find((g) => g.name === 'Water point openings')!;
    expect(series.events_count).toBe(3);
    expect(series.participants_count).toBeGreaterThan(0);
    expect(series.has_rsvp_config).toBe(true);
    const participants = (await demo.get(`/groups/participants/json?group_id=${series.id}`, { json: true })).json();
    expect(participants.total).toBe(series.participants_count);
    const rsvp = (await demo.get(`/api/event-groups/${series.id}/rsvp-config`, { json: true })).json().data as { questions?: unknown[] };
    expect(rsvp.questions?.length).toBeGreaterThan(0);

    const organisers = (await demo.get(`/organisers/json?campaign_id=${water.id}`, { json: true })).json().data as { name: string; user_id: number | null }[];
    expect(organisers.map((o) => [o.name, o.user_id !== null]).sort()).toEqual([
      ['Amina Njeri', true],
      ['Joseph Kamau', false],
    ]);

    // the RSVP demo invited contacts to these events rather than making its own
    const invited = await withTenant(t.database, tenantId, (tx) =>
      rows<{ campaign_id: number | null; status: string }>(
        tx,
        sql`select distinct e.campaign_id, e.status from rsvp_invitations i join events e on e.tenant_id = i.tenant_id and e.id = i.event_id where i.tenant_id = ${tenantId}`,
      ),
    );
    expect(invited.length).toBeGreaterThan(0);
    expect(invited.every((r) => Number(r.campaign_id) === water.id && r.status !== 'draft')).toBe(true);
    for (const page of [`/campaigns/${water.id}`, '/campaigns/calendar', '/calendar', `/groups/${series.id}`, `/groups/${series.id}/participants`, `/groups/${series.id}/rsvp-setup`, '/organisers']) {
      expect((await demo.get(page, { inertia: true })).statusCode, page).toBe(200);
    }
  });
});
