import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rawMail, startImap, type ImapServer } from '../server/testing/imap';
import { startSmtp } from '../server/testing/smtp';
import { expectNoSeriousViolations } from './a11y';
import { openBrowser, registerTenant, reportFailure, toast, type Browser } from './browser';

/**
 * The mailbox (issue 23) against a real Dovecot and a real SMTP listener started here: a new
 * company's owner connects the IMAP account (the test on save refuses a wrong password first),
 * the mail syncs in, a new mail arrives, one is read and searched for, the reply goes out through
 * SMTP with its threading header and shows in SENT; its attachment is listed and downloads; the pages pass axe in dark mode and right to
 * left; the demo mail app's select-all, favourite, delete and send; the mailbox is deleted after
 * its confirmation.
 */
const USER = { user: 'owner@mail.test', pass: 'imap-e2e-secret' };
/** a PDF-looking attachment of the first mail, downloaded again byte for byte */
const INVOICE = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 37) % 256))]);

describe('mailbox', () => {
  let b: Browser;
  let imap: ImapServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;

  beforeAll(async () => {
    [imap, smtp] = await Promise.all([startImap([USER]), startSmtp({ auth: { user: USER.user, pass: USER.pass } })]);
    // with an attachment the selected mail lists for download
    const pump = await new MailComposer({
      from: 'Amina Njeri <amina@example.test>',
      to: USER.user,
      subject: 'Pump invoices',
      text: 'The three pump invoices are attached.',
      messageId: '<pump@example.test>',
      date: new Date(Date.UTC(2026, 9, 1, 8)),
      attachments: [{ filename: 'pump-invoices.pdf', content: INVOICE, contentType: 'application/pdf' }],
    })
      .compile()
      .build();
    await imap.deliver(pump.toString());
    await imap.deliver(rawMail({ from: 'Brian Otieno <brian@example.test>', to: USER.user, subject: 'Volunteer rota', text: 'Saturday rota for the clean-up.', date: new Date(Date.UTC(2026, 9, 2, 8)) }));
    b = await openBrowser();
    await registerTenant(b.page);
  });
  afterEach(async (context) => reportFailure(context, b, 'mailbox'));
  afterAll(async () => {
    await b?.close();
    await Promise.all([imap?.close(), smtp?.close()]);
  });

  it('connects an IMAP account, syncs, reads, searches and replies; the reply lands in SENT', async () => {
    const page = b.page;
    await page.goto('/mailbox');
    await page.getByText('No mailbox connected yet').waitFor();
    await page.goto('/mailbox/setup/imap');
    await page.getByLabel(/^Name/).fill('Office');
    await page.getByLabel(/^Email address/).fill(USER.user);
    await page.getByLabel(/^User name/).fill(USER.user);
    await page.getByLabel(/^Password/).fill('wrong-password');
    await page.getByLabel(/^IMAP host/).fill('127.0.0.1');
    await page.getByLabel(/^IMAP port/).fill(String(imap.port));
    await page.getByLabel(/^IMAP security/).selectOption('none');
    await page.getByLabel(/^SMTP host/).fill('127.0.0.1');
    await page.getByLabel(/^SMTP port/).fill(new URL(smtp.url).port);
    await page.getByLabel(/^SMTP security/).selectOption('none');
    await page.getByRole('button', { name: 'Test and connect' }).click();
    await page.getByRole('alert').filter({ hasText: /IMAP server at 127\.0\.0\.1:\d+ refused the user name or password/ }).waitFor();
    await page.getByLabel(/^Password/).fill(USER.pass);
    await page.getByRole('button', { name: 'Test and connect' }).click();
    await page.waitForURL(/\/mailbox$/);

    const list = page.getByRole('region', { name: 'Mail list' });
    await list.getByText('Pump invoices', { exact: true }).waitFor({ timeout: 30_000 });
    await list.getByText('Volunteer rota', { exact: true }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Folders' }).getByRole('button').allTextContents()).toEqual(['Inbox2', 'Sent', 'Drafts', 'Spam', 'Trash']);

    // a new mail arrives on the server: the next sync brings it, pushed to the open page
    await imap.deliver(rawMail({ from: 'Grace Wanjiru <grace@example.test>', to: USER.user, subject: 'Fresh from the field', text: 'Photos of the new water point.' }));
    await page.getByRole('button', { name: 'Sync now' }).click();
    await list.getByText('Fresh from the field', { exact: true }).waitFor({ timeout: 30_000 });
    // the top bar counts the unread mail, live
    const badge = page.getByTestId('mail-unread-count');
    await expect.poll(() => badge.textContent(), { timeout: 15_000 }).toBe('3');

    // search, then read
    await page.getByLabel('Search mail').fill('pump invoices');
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 10_000 }).toBe(1);
    await list.getByText('Pump invoices', { exact: true }).click();
    const selected = page.getByRole('region', { name: 'Selected mail' });
    await selected.getByText('The three pump invoices are attached.').waitFor();
    const download = selected.getByRole('list', { name: 'Attachments' }).getByRole('link', { name: 'Download pump-invoices.pdf' });
    expect(await download.getAttribute('href')).toMatch(/^\/mailbox\/attachments\/\d+$/);
    const file = await page.request.get(await download.getAttribute('href').then((h) => h!));
    expect(file.headers()['content-disposition']).toMatch(/^attachment; filename="pump-invoices\.pdf"/);
    expect(Buffer.compare(await file.body(), INVOICE)).toBe(0);
    await expect.poll(() => badge.textContent(), { timeout: 15_000 }).toBe('2');

    // reply through SMTP
    await selected.getByRole('link', { name: 'Reply' }).click();
    await page.waitForURL(/\/mailbox\/mails\/\d+\/reply$/);
    expect(await page.getByLabel(/^Subject/).inputValue()).toBe('Re: Pump invoices');
    await page.getByLabel(/^Message/).fill('Thank you Amina, received.');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await toast(page, 'Send Successfully').waitFor();
    const sent = await smtp.waitFor('amina@example.test');
    expect(sent.raw).toMatch(/^In-Reply-To: <pump@example\.test>/m);
    await page.waitForURL(/\/mailbox$/);
    await page.getByRole('navigation', { name: 'Folders' }).getByRole('button', { name: 'Sent' }).click();
    await expect
      .poll(
        async () => {
          if (!(await list.getByText('Re: Pump invoices', { exact: true }).count())) await page.getByRole('button', { name: 'Sync now' }).click();
          return list.getByText('Re: Pump invoices', { exact: true }).count();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(1);

    // a mail deleted goes to the trash
    await page.getByRole('navigation', { name: 'Folders' }).getByRole('button', { name: /^Inbox/ }).click();
    await list.getByText('Volunteer rota', { exact: true }).click();
    await selected.getByText('Saturday rota for the clean-up.').waitFor();
    await selected.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Delete Successfully').waitFor();
    await expect.poll(() => list.getByText('Volunteer rota', { exact: true }).count()).toBe(0);

    await page.evaluate(() => {
      document.documentElement.classList.add('dark');
      document.documentElement.dir = 'rtl';
    });
    await expectNoSeriousViolations(page, 'mailbox (dark, rtl)');
    await page.evaluate(() => {
      document.documentElement.classList.remove('dark');
      document.documentElement.dir = 'ltr';
    });
    expect(b.pageErrors).toEqual([]);
  });

  it('the demo mail app: select-all, favourite, delete and send with their toasts; deleting the mailbox asks first', async () => {
    const page = b.page;
    await page.goto('/mail');
    const rows = page.getByTestId('demo-mail');
    await expect.poll(() => rows.count()).toBe(4);
    const all = page.getByLabel('Select all');
    await all.check();
    for (const box of await page.getByRole('checkbox', { name: /^Select / }).all()) expect(await box.isChecked()).toBe(true);
    await all.uncheck();
    for (const box of await page.getByRole('checkbox', { name: /^Select / }).all()) expect(await box.isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Add Brian Otieno to favourites' }).click();
    await page.getByRole('button', { name: 'Favourites', exact: true }).click();
    await expect.poll(() => rows.count()).toBe(2);
    await page.getByRole('button', { name: 'Inbox', exact: true }).click();
    await page.getByRole('button', { name: 'Delete Shop Offers' }).click();
    await toast(page, 'Delete Successfully').waitFor();
    await expect.poll(() => rows.count()).toBe(3);
    await page.getByRole('button', { name: 'Compose', exact: true }).click();
    await page.getByLabel('To', { exact: true }).fill('Grace Wanjiru');
    await page.getByLabel('Message', { exact: true }).fill('See you on Saturday');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await toast(page, 'Send Successfully').waitFor();
    await expect.poll(() => rows.first().textContent()).toContain('Grace Wanjiru');
    await page.evaluate(() => {
      document.documentElement.classList.add('dark');
      document.documentElement.dir = 'rtl';
    });
    await expectNoSeriousViolations(page, 'demo mail (dark, rtl)');
    await page.evaluate(() => {
      document.documentElement.classList.remove('dark');
      document.documentElement.dir = 'ltr';
    });

    await page.goto('/mailbox/providers');
    await page.getByRole('button', { name: `Delete ${USER.user}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Delete Successfully').waitFor();
    await page.getByText('No mailbox connected yet').waitFor();
    expect(b.pageErrors).toEqual([]);
  });
});
