import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailboxAccount, MailDetail, MailListItem } from '../../../common/schemas/mailbox.js';
import type { Paginator } from '../../../common/schemas/list-query.js';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { mailboxPeople } from './test-people.js';
import { rawMail, startImap, type ImapServer } from '../../testing/imap.js';
import { startSmtp } from '../../testing/smtp.js';
import type { Attachment } from 'mailparser';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { randomBytes } from 'node:crypto';
import { mediaStorage } from '../media/service.js';
import { keepAttachments } from './attachments.js';

/**
 * Mailbox over HTTP (issue 23) against a real Dovecot IMAP server and a real SMTP listener:
 * connecting with the test on save (wrong password, refused port, the SSRF guard), the first and
 * an incremental sync, paging and search, one mail, flags both ways, send and reply with the
 * threading headers and the copy in Sent, deleting a mailbox; another member's and another
 * company's mailbox, folder and mail answer 404; a read-only role cannot connect or send.
 */
let t: TestApp;
let imap: ImapServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let owner: TestClient;
let colleague: TestClient;
let viewer: TestClient;
let stranger: TestClient;
let tenantId: number;
const USER = { user: 'alice@mail.test', pass: 'imap-secret' };

const ok = async (c: TestClient, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, status = 200) => {
  const r = await c.json(method, url, body);
  expect(r.statusCode, `${method} ${url}: ${r.body}`).toBe(status);
  return r.json();
};
const account = (over: Record<string, unknown> = {}) => ({
  name: 'Alice at work',
  email: 'alice@mail.test',
  imap_host: '127.0.0.1',
  imap_port: imap.port,
  imap_security: 'none',
  smtp_host: '127.0.0.1',
  smtp_port: Number(new URL(smtp.url).port),
  smtp_security: 'none',
  username: USER.user,
  password: USER.pass,
  ...over,
});
/** waits for the sync job to finish (the queue runs in the test app) */
const synced = async (c: TestClient, id: number, after = 0) => {
  let a: MailboxAccount | undefined;
  await expect
    .poll(
      async () => {
        a = ((await ok(c, 'GET', '/mailbox/all-mailboxes')).data as MailboxAccount[]).find((m) => m.id === id);
        return a && a.sync_status === 'idle' && a.last_synced_at && Date.parse(a.last_synced_at) > after;
      },
      { timeout: 30_000, interval: 100 },
    )
    .toBeTruthy();
  return a!;
};
const folderOf = (a: MailboxAccount, role: string) => a.folders.find((f) => f.role === role)!;
const page = async (c: TestClient, folder: number, query = '') => (await ok(c, 'GET', `/mailbox/mails/json/${folder}${query}`)) as Paginator<MailListItem>;

beforeAll(async () => {
  [imap, smtp] = await Promise.all([startImap([USER]), startSmtp({ auth: { user: USER.user, pass: USER.pass } })]);
  // seventeen mails before the account is connected: two pages of fifteen, newest first
  for (let i = 1; i <= 17; i++)
    await imap.deliver(
      rawMail({
        from: `Sender ${i} <sender${i}@example.test>`,
        to: USER.user,
        subject: i === 7 ? 'Quarterly water report' : `Hello number ${i}`,
        text: i === 3 ? 'The borehole pump needs a new seal.' : `Body ${i}`,
        html: i === 5 ? '<p>Hi <img src="https://tracker.example/pixel.gif" alt="logo"><script>alert(1)</script><a href="javascript:alert(1)">x</a></p>' : undefined,
        date: new Date(Date.UTC(2026, 0, i, 9)),
        messageId: `<m${i}@example.test>`,
      }),
    );
  t = await createTestApp({ MAILBOX_ALLOWED_HOSTS: '127.0.0.1' });
  ({ tenantId, owner, colleague, viewer, stranger } = await mailboxPeople(t, 'Mailbox'));
}, 120_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([imap?.close(), smtp?.close()]);
});

let acc: MailboxAccount;
let inbox: number;

describe('connecting', () => {
  it('tests on save: a wrong password, a closed port and a private host are 422s with a clear sentence, and nothing is stored', async () => {
    const wrong = await owner.json('POST', '/mailbox/accounts', account({ password: 'nope' }));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.imap_host[0]).toMatch(/IMAP server at 127\.0\.0\.1:\d+ refused the user name or password/);
    expect(wrong.json().errors.smtp_host[0]).toMatch(/SMTP server at 127\.0\.0\.1:\d+ refused the user name or password/);

    const closed = await owner.json('POST', '/mailbox/accounts', account({ imap_port: 1 }));
    expect(closed.statusCode).toBe(422);
    expect(closed.json().errors.imap_host[0]).toMatch(/refused the connection/);

    // the operator allows 127.0.0.1 only: other private, link-local and metadata addresses stay refused
    for (const host of ['10.0.0.8', '169.254.169.254', '192.168.1.1', '::1', '[::ffff:10.0.0.1]']) {
      const r = await owner.json('POST', '/mailbox/accounts', account({ imap_host: host, smtp_host: host }));
      expect(r.statusCode, `${host}: ${r.body}`).toBe(422);
      expect(r.json().errors.imap_host[0]).toMatch(/private, local or link-local address/);
    }
    const bad = await owner.json('POST', '/mailbox/accounts', { ...account(), imap_port: 'x', email: 'nope' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'imap_port']);
    expect((await ok(owner, 'GET', '/mailbox/mailboxes')).data).toEqual([]);
    expect((await ok(owner, 'GET', '/mailbox/default')).data).toBeNull();
  });

  it('a read-only role may look but not connect or send', async () => {
    expect((await viewer.json('GET', '/mailbox/mailboxes')).statusCode).toBe(200);
    expect((await viewer.json('POST', '/mailbox/accounts', account())).statusCode).toBe(403);
    expect((await viewer.json('POST', '/mailbox/send', { mailbox_id: 1, to: ['a@b.test'], subject: 's', body: 'b' })).statusCode).toBe(403);
  });

  it('connects, stores the password sealed, becomes the default and syncs the folders in the fixed order', async () => {
    const before = Date.now() - 1000;
    const r = await ok(owner, 'POST', '/mailbox/accounts', account(), 201);
    expect(r.data).toMatchObject({ name: 'Alice at work', email: 'alice@mail.test', default: true, provider: 'imap' });
    acc = await synced(owner, r.data.id, before);
    expect(acc.folders.map((f) => f.role)).toEqual(['INBOX', 'SENT', 'DRAFTS', 'SPAM', 'TRASH']);
    expect(acc.sync_done).toBe(17);
    inbox = folderOf(acc, 'INBOX').id;
    expect(folderOf(acc, 'INBOX').unread).toBe(17);
    expect((await ok(owner, 'GET', '/mailbox/unread')).data).toEqual({ unread_total: 17 });
    expect((await ok(colleague, 'GET', '/mailbox/unread')).data).toEqual({ unread_total: 0 });
    const [stored] = await withTenant(t.database, tenantId, (tx) => rows<{ password_sealed: string }>(tx, sql`select password_sealed from mailbox_accounts where id = ${acc.id}`));
    expect(stored.password_sealed).toMatch(/^v1\./);
    expect(stored.password_sealed).not.toContain(USER.pass);
    const def = (await ok(owner, 'GET', '/mailbox/default')).data as MailboxAccount;
    expect(def).toMatchObject({ id: acc.id, default: true });
    expect(Object.keys(def)).toEqual(expect.arrayContaining(['id', 'name', 'email', 'default', 'provider', 'last_synced_at', 'folders', 'tags']));
    const again = await owner.json('POST', '/mailbox/accounts', account());
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.email[0]).toBe('This mailbox is already connected.');
  });
});

describe('reading', () => {
  it('pages a folder 15 at a time, newest first, with current_page, last_page, links and data; searches subject, sender and text', async () => {
    const p1 = await page(owner, inbox);
    expect(p1.current_page).toBe(1);
    expect(p1.last_page).toBe(2);
    expect(p1.data).toHaveLength(15);
    expect(p1.data[0].subject).toBe('Hello number 17');
    expect(p1.data.map((m) => m.date)).toEqual([...p1.data.map((m) => m.date)].sort().reverse());
    expect(p1.links.find((l) => l.active)?.label).toBe('1');
    const p2 = await page(owner, inbox, '?page=2');
    expect(p2.data.map((m) => m.subject)).toEqual(['Hello number 2', 'Hello number 1']);
    expect((await page(owner, inbox, '?perPage=5')).last_page).toBe(4);
    expect((await page(owner, inbox, '?search=quarterly')).data.map((m) => m.subject)).toEqual(['Quarterly water report']);
    expect((await page(owner, inbox, '?search=sender12')).data.map((m) => m.subject)).toEqual(['Hello number 12']);
    expect((await page(owner, inbox, '?search=borehole')).data.map((m) => m.subject)).toEqual(['Hello number 3']);
    expect((await page(owner, inbox, '?search=100%25')).data).toEqual([]);
    expect((await owner.json('GET', `/mailbox/mails/json/${inbox}?page=0`)).statusCode).toBe(422);
    expect((await owner.json('GET', `/mailbox/mails/json/${inbox}?perPage=500`)).statusCode).toBe(422);
  });

  it('shows one mail with its HTML sanitised and remote images held back; opening it marks it read here and on the server', async () => {
    const five = (await page(owner, inbox, '?search=Hello%20number%205')).data[0];
    const r = (await ok(owner, 'GET', `/mailbox/mails/${five.id}?mailbox_id=${acc.id}`)).data as MailDetail;
    expect(r).toMatchObject({ subject: 'Hello number 5', from: { name: 'Sender 5', address: 'sender5@example.test' }, is_read: true, has_remote_images: true });
    expect(r.html).not.toMatch(/script|javascript:|tracker\.example/);
    expect(r.html).toContain('alt="logo"');
    expect(r.html_with_images).toContain('src="https://tracker.example/pixel.gif"');
    expect((await owner.json('GET', `/mailbox/mails/${five.id}`)).statusCode).toBe(422);
    expect((await owner.json('GET', `/mailbox/mails/${five.id}?mailbox_id=999999`)).statusCode).toBe(404);
    const c = await imap.client(USER);
    try {
      await expect
        .poll(
          async () => {
            await c.mailboxOpen('INBOX');
            const m = await c.fetchOne('5', { flags: true }, { uid: true });
            return m && m.flags?.has('\\Seen');
          },
          { timeout: 20_000, interval: 200 },
        )
        .toBe(true);
    } finally {
      await c.logout();
    }
  });

  it('stars a mail on the server; a flag set on the server and a new mail arrive with the next, incremental sync', async () => {
    const one = (await page(owner, inbox, '?search=Hello%20number%201')).data.find((m) => m.subject === 'Hello number 1')!;
    await ok(owner, 'POST', `/mailbox/mails/${one.id}/flags`, { starred: true });
    expect((await owner.json('POST', `/mailbox/mails/${one.id}/flags`, {})).statusCode).toBe(422);
    const c = await imap.client(USER);
    try {
      await expect
        .poll(
          async () => {
            await c.mailboxOpen('INBOX');
            const m = await c.fetchOne('1', { flags: true }, { uid: true });
            return m && m.flags?.has('\\Flagged');
          },
          { timeout: 20_000, interval: 200 },
        )
        .toBe(true);
      await c.messageFlagsAdd('2', ['\\Seen'], { uid: true });
    } finally {
      await c.logout();
    }
    await imap.deliver(rawMail({ from: 'New <new@example.test>', to: USER.user, subject: 'Fresh arrival', text: 'Just now', date: new Date(Date.UTC(2026, 1, 1)) }));
    const before = Date.now();
    await ok(owner, 'POST', `/mailbox/sync/${acc.id}`);
    acc = await synced(owner, acc.id, before);
    const p1 = await page(owner, inbox);
    expect(p1.data[0].subject).toBe('Fresh arrival');
    expect(p1.data[0].is_read).toBe(false);
    const p2 = await page(owner, inbox, '?page=2');
    expect(p2.data.find((m) => m.subject === 'Hello number 2')?.is_read).toBe(true);
    expect(p2.data.find((m) => m.subject === 'Hello number 1')?.is_starred).toBe(true);
    // the incremental sync stored only the new one
    const [{ n }] = await withTenant(t.database, tenantId, (tx) => rows<{ n: number }>(tx, sql`select count(*)::int as n from mailbox_mails where account_id = ${acc.id}`));
    expect(Number(n)).toBe(18);
  });
});

describe('writing', () => {
  it('replies through the account’s SMTP with In-Reply-To and References, and the sent copy lands in SENT', async () => {
    const seven = (await page(owner, inbox, '?search=quarterly')).data[0];
    const bad = await owner.json('POST', '/mailbox/send', { mailbox_id: acc.id, to: ['not an address'], subject: '', body: '' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['body', 'subject', 'to.0']);
    const r = await ok(
      owner,
      'POST',
      '/mailbox/send',
      { mailbox_id: acc.id, to: ['sender7@example.test'], cc: ['boss@example.test'], subject: 'Re: Quarterly water report', body: 'Thanks, received.\nAlice', reply_to_id: seven.id },
      201,
    );
    expect(r.message).toBe('Send Successfully');
    const got = await smtp.waitFor('sender7@example.test');
    expect(got.to).toEqual(['sender7@example.test', 'boss@example.test']);
    expect(got.raw).toMatch(/^In-Reply-To: <m7@example\.test>/m);
    expect(got.raw).toMatch(/^References: <m7@example\.test>/m);
    expect(got.raw).toMatch(/^From: Alice at work <alice@mail\.test>/m);
    acc = await synced(owner, acc.id, Date.now() - 50);
    await expect
      .poll(async () => (await page(owner, folderOf(acc, 'SENT').id)).data.map((m) => m.subject), { timeout: 20_000, interval: 200 })
      .toContain('Re: Quarterly water report');
  });
});

describe('moving and deleting', () => {
  it('moves a mail to another folder and deletes one to the trash, on the server too', async () => {
    const list = (await page(owner, inbox, '?search=Hello%20number%201')).data;
    const fifteen = list.find((m) => m.subject === 'Hello number 15')!;
    const sixteen = list.find((m) => m.subject === 'Hello number 16')!;
    const drafts = folderOf(acc, 'DRAFTS').id;
    expect((await owner.json('POST', `/mailbox/mails/${fifteen.id}/move`, { folder_id: inbox })).statusCode).toBe(422);
    expect((await owner.json('POST', `/mailbox/mails/${fifteen.id}/move`, { folder_id: 999999 })).statusCode).toBe(422);
    await ok(owner, 'POST', `/mailbox/mails/${fifteen.id}/move`, { folder_id: drafts });
    expect((await ok(owner, 'DELETE', `/mailbox/mails/${sixteen.id}`)).message).toBe('Delete Successfully');
    expect((await owner.json('GET', `/mailbox/mails/${sixteen.id}?mailbox_id=${acc.id}`)).statusCode).toBe(404);
    // the server follows, and the sync the moves ask for brings them back in their new folders
    await expect
      .poll(async () => [(await page(owner, drafts)).data.map((m) => m.subject), (await page(owner, folderOf(acc, 'TRASH').id)).data.map((m) => m.subject)], {
        timeout: 30_000,
        interval: 300,
      })
      .toEqual([['Hello number 15'], ['Hello number 16']]);
    const c = await imap.client(USER);
    try {
      const status = await c.status('INBOX', { messages: true });
      expect(status && status.messages).toBe(16);
    } finally {
      await c.logout();
    }
  });
});

describe('drafts', () => {
  it('saves Compose as a draft in DRAFTS (IMAP APPEND with \\Draft), reopens it in Compose, and saving it again replaces it', async () => {
    const drafts = folderOf(acc, 'DRAFTS').id;
    const bad = await owner.json('POST', '/mailbox/drafts', { mailbox_id: acc.id, to: ['not an address'] });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['to.0']);
    const saved = await ok(owner, 'POST', '/mailbox/drafts', { mailbox_id: acc.id, to: ['kamau@example.test'], subject: 'Tank order', body: 'Two tanks,\nmaybe three.' }, 201);
    expect(saved.message).toBe('Draft saved');
    let draft: MailListItem | undefined;
    await expect
      .poll(
        async () => {
          draft = (await page(owner, drafts)).data.find((m) => m.subject === 'Tank order');
          return draft !== undefined;
        },
        { timeout: 30_000, interval: 200 },
      )
      .toBe(true);
    // on the server: in Drafts, flagged \Draft
    const c = await imap.client(USER);
    try {
      const lock = await c.getMailboxLock('Drafts');
      try {
        const flags: string[][] = [];
        for await (const m of c.fetch('1:*', { flags: true, envelope: true })) if (m.envelope?.subject === 'Tank order') flags.push([...(m.flags ?? [])]);
        expect(flags).toEqual([expect.arrayContaining(['\\Draft'])]);
      } finally {
        lock.release();
      }
    } finally {
      await c.logout();
    }

    // reopened in Compose with what was typed
    const reopened = await owner.get(`/mailbox/compose?draft=${draft!.id}`, { inertia: true });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().props.draft).toEqual({ id: draft!.id, mailbox_id: acc.id, to: 'kamau@example.test', cc: '', subject: 'Tank order', body: 'Two tanks,\nmaybe three.' });
    // a mail outside Drafts is no draft; another member's draft is a 404
    const inboxMail = (await page(owner, inbox)).data[0];
    expect((await owner.get(`/mailbox/compose?draft=${inboxMail.id}`, { inertia: true })).statusCode).toBe(404);
    expect((await colleague.get(`/mailbox/compose?draft=${draft!.id}`, { inertia: true })).statusCode).toBe(404);
    expect((await owner.get('/mailbox/compose?draft=x', { inertia: true })).statusCode).toBe(404);
    expect((await owner.json('POST', '/mailbox/drafts', { mailbox_id: acc.id, subject: 'x', draft_id: inboxMail.id })).statusCode).toBe(422);
    expect((await colleague.json('POST', '/mailbox/drafts', { mailbox_id: acc.id, subject: 'x' })).statusCode).toBe(404);

    // saved again: the new version replaces the old one, here and on the server
    await ok(owner, 'POST', '/mailbox/drafts', { mailbox_id: acc.id, to: ['kamau@example.test'], subject: 'Tank order, three tanks', body: 'Three tanks.', draft_id: draft!.id }, 201);
    await expect
      .poll(async () => (await page(owner, drafts)).data.map((m) => m.subject).sort(), { timeout: 30_000, interval: 200 })
      .toEqual(['Hello number 15', 'Tank order, three tanks']);
    const s = await imap.client(USER);
    try {
      const status = await s.status('Drafts', { messages: true });
      expect(status && status.messages).toBe(2);
    } finally {
      await s.logout();
    }
  });
});

// a PDF-looking binary (every byte value), a text file, an HTML page and an inline image
const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(40_000), Buffer.from([0, 255, 13, 10, 0])]);
const notes = Buffer.from('Borehole readings\r\nWeek 1: 42 m\r\nŁódź ✓\n');
const page_ = Buffer.from('<html><script>alert(document.cookie)</script></html>');
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);
let keys: string[] = [];

describe('attachments', () => {
  it('keeps each attachment through the media storage; the mail lists them and GET downloads the same bytes, the owner’s only', async () => {
    const raw = await new MailComposer({
      from: 'Reports <reports@example.test>',
      to: USER.user,
      subject: 'Pump report with files',
      text: 'See the files.',
      html: '<p>See <img src="cid:logo@kazi"></p>',
      date: new Date(Date.UTC(2026, 2, 1)),
      attachments: [
        { filename: 'report.pdf', content: pdf, contentType: 'application/pdf' },
        { filename: 'notes "week 1".txt', content: notes, contentType: 'text/plain; charset=utf-8' },
        { filename: 'page.html', content: page_, contentType: 'text/html' },
        { filename: 'logo.png', content: png, contentType: 'image/png', cid: 'logo@kazi' },
      ],
    })
      .compile()
      .build();
    const c = await imap.client(USER);
    try {
      await c.append('INBOX', raw);
    } finally {
      await c.logout();
    }
    const [usage0] = await withTenant(t.database, tenantId, (tx) => rows<{ bytes: number }>(tx, sql`select coalesce(sum(bytes), 0)::bigint as bytes from media_usage`));
    const before = Date.now();
    await ok(owner, 'POST', `/mailbox/sync/${acc.id}`);
    acc = await synced(owner, acc.id, before);
    const item = (await page(owner, inbox)).data.find((m) => m.subject === 'Pump report with files')!;
    expect(item.has_attachments).toBe(true);
    const mail = (await ok(owner, 'GET', `/mailbox/mails/${item.id}?mailbox_id=${acc.id}`)).data as MailDetail;
    expect(mail.attachments.map((a) => [a.name, a.mime, a.size, a.inline])).toEqual([
      ['report.pdf', 'application/pdf', pdf.length, false],
      ['notes "week 1".txt', 'text/plain', notes.length, false],
      ['page.html', 'text/html', page_.length, false],
      ['logo.png', 'image/png', png.length, true],
    ]);
    // inline images stay blocked in the HTML, as remote ones are
    expect(mail.html).not.toContain('cid:');
    expect(mail.html_with_images).not.toContain('cid:');
    const [pdfA, txtA, htmlA, pngA] = mail.attachments;
    for (const [a, bytes] of [[pdfA, pdf], [txtA, notes], [pngA, png]] as const) {
      expect(a.url).toBe(`/mailbox/attachments/${a.id}`);
      const r = await owner.get(a.url!);
      expect(r.statusCode).toBe(200);
      expect(Buffer.compare(r.rawPayload, bytes)).toBe(0);
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['content-disposition']).toMatch(/^attachment; filename="/);
    }
    expect((await owner.get(pdfA.url!)).headers['content-type']).toBe('application/pdf');
    const txt = await owner.get(txtA.url!);
    expect(txt.headers['content-disposition']).toBe(`attachment; filename="notes _week 1_.txt"; filename*=UTF-8''notes%20%22week%201%22.txt`);
    // HTML could run in the page's origin: only ever bytes to save
    const html = await owner.get(htmlA.url!);
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toBe('application/octet-stream');
    expect(html.headers['x-content-type-options']).toBe('nosniff');
    expect(html.headers['content-disposition']).toMatch(/^attachment; filename="page\.html"/);
    expect(Buffer.compare(html.rawPayload, page_)).toBe(0);
    // another member's or company's request, and an id that is no number: 404
    for (const other of [colleague, stranger]) expect((await other.get(pdfA.url!)).statusCode).toBe(404);
    expect((await owner.get('/mailbox/attachments/abc')).statusCode).toBe(404);
    expect((await owner.get(`/mailbox/attachments/${pngA.id + 1000}`)).statusCode).toBe(404);
    // the bytes are in the app's storage and count in the company's media usage
    const stored = await withTenant(t.database, tenantId, (tx) =>
      rows<{ storage_key: string; size: number }>(tx, sql`select storage_key, size from mailbox_attachments where mail_id = ${item.id} order by position`),
    );
    keys = stored.map((s) => s.storage_key);
    const storage = mediaStorage(t.config);
    for (const [i, k] of keys.entries()) expect((await storage.head(k))?.size).toBe(Number(stored[i].size));
    const [usage1] = await withTenant(t.database, tenantId, (tx) => rows<{ bytes: number }>(tx, sql`select coalesce(sum(bytes), 0)::bigint as bytes from media_usage`));
    expect(Number(usage1.bytes) - Number(usage0.bytes)).toBe(pdf.length + notes.length + page_.length + png.length);
  });

  it('an attachment above the cap is listed with its name and size but its bytes are not kept', async () => {
    const kept = await keepAttachments(mediaStorage(t.config), tenantId, [
      { type: 'attachment', filename: 'big.bin', contentType: 'application/octet-stream', content: Buffer.alloc(10), size: 10, contentDisposition: 'attachment', headers: new Map() } as unknown as Attachment,
      { type: 'attachment', filename: 'small.txt', contentType: 'text/plain', content: Buffer.alloc(5), size: 5, contentDisposition: 'attachment', headers: new Map() } as unknown as Attachment,
    ], 8);
    expect(kept.map((k) => [k.filename, k.size, k.storage_key === null])).toEqual([
      ['big.bin', 10, true],
      ['small.txt', 5, false],
    ]);
    await mediaStorage(t.config).delete(kept[1].storage_key!);
  });

  it('a storage failure part way through a message removes the files of that message already written', async () => {
    const storage = mediaStorage(t.config);
    const written: string[] = [];
    const failing = {
      ...storage,
      driver: storage.driver,
      put: async (key: string, body: Buffer) => {
        if (written.length) throw new Error('disk full');
        written.push(key);
        await storage.put(key, body, { contentType: 'text/plain' });
      },
      delete: (key: string) => storage.delete(key),
      head: (key: string) => storage.head(key),
      get: (key: string) => storage.get(key),
    };
    const file = (name: string) => ({ type: 'attachment', filename: name, contentType: 'text/plain', content: Buffer.from(name), size: name.length, contentDisposition: 'attachment', headers: new Map() }) as unknown as Attachment;
    await expect(keepAttachments(failing, tenantId, [file('a.txt'), file('b.txt')])).rejects.toThrow('disk full');
    expect(written.length).toBe(1);
    expect(await storage.head(written[0])).toBeNull();
  });
});

describe('isolation', () => {
  it('another member’s and another company’s mailbox, folder and mail are 404s; deleting a mailbox removes its mail', async () => {
    const mail = (await page(owner, inbox)).data[0];
    for (const c of [colleague, stranger]) {
      expect((await c.json('GET', `/mailbox/mails/json/${inbox}`)).statusCode).toBe(404);
      expect((await c.json('GET', `/mailbox/mails/${mail.id}?mailbox_id=${acc.id}`)).statusCode).toBe(404);
      expect((await c.json('POST', `/mailbox/mails/${mail.id}/flags`, { read: false })).statusCode).toBe(404);
      expect((await c.json('POST', `/mailbox/mails/${mail.id}/move`, { folder_id: inbox })).statusCode).toBe(404);
      expect((await c.json('DELETE', `/mailbox/mails/${mail.id}`)).statusCode).toBe(404);
      expect((await c.json('POST', `/mailbox/sync/${acc.id}`)).statusCode).toBe(404);
      expect((await c.json('POST', '/mailbox/send', { mailbox_id: acc.id, to: ['x@example.test'], subject: 's', body: 'b' })).statusCode).toBe(404);
      expect((await c.json('DELETE', `/mailbox/delete/${acc.id}`)).statusCode).toBe(404);
      expect((await c.get(`/mailbox/mails/${mail.id}/view`, { inertia: true })).statusCode).toBe(404);
      expect((await ok(c, 'GET', '/mailbox/all-mailboxes')).data).toEqual([]);
    }
    expect((await owner.json('GET', '/mailbox/mails/json/abc')).statusCode).toBe(404);
    const r = await ok(owner, 'DELETE', `/mailbox/delete/${acc.id}`);
    expect(r.message).toBe('Delete Successfully');
    const left = await withTenant(t.database, tenantId, (tx) =>
      rows<{ n: number }>(
        tx,
        sql`select (select count(*) from mailbox_mails) + (select count(*) from mailbox_folders) + (select count(*) from mailbox_accounts) + (select count(*) from mailbox_attachments) as n`,
      ),
    );
    expect(Number(left[0].n)).toBe(0);
    // the attachments' bytes went with them
    expect(keys.length).toBe(4);
    for (const k of keys) expect(await mediaStorage(t.config).head(k)).toBeNull();
    expect((await ok(owner, 'GET', '/mailbox/default')).data).toBeNull();
  });
});
