import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './a11y';
import { apiCall, download, openBrowser, registerTenant, reportFailure, toast, type Browser } from './browser';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

const attachField = (page: Page) => page.getByLabel('Attach a file');
const fileList = (page: Page) => page.getByRole('list', { name: 'Attached files' });

/** Downloads through the file's link in the list, as a user's click does. */
const downloadListed = (page: Page, name: string) => download(page, fileList(page).getByRole('link', { name, exact: true }));

describe('attachments on documents and transactions', () => {
  let b: Browser;
  let page: Page;
  let invoice = 0;
  let transaction = 0;

  beforeAll(async () => {
    b = await openBrowser();
    page = b.page;
    await registerTenant(page);
    const seed = async (url: string, body: unknown) => {
      const res = await apiCall(page, 'POST', url, body);
      expect(res.status, `${url}: ${JSON.stringify(res.json)}`).toBe(201);
      return res.json.data!.id;
    };
    const customer = await seed('/accounting/contacts/store', { type: 'customer', name: 'Baraka Stores', currency_code: 'USD' });
    invoice = await seed('/accounting/documents/store', {
      type: 'invoice',
      contact_id: customer,
      issued_at: '2026-11-01',
      due_at: '2026-11-30',
      items: [{ name: 'Design work', quantity: '1', price: '150' }],
    });
    const bank = await seed('/banking/accounts/store', { name: 'Main USD', number: '001', currency_code: 'USD', opening_balance: '0' });
    transaction = await seed('/banking/transactions/store', { type: 'expense', bank_account_id: bank, paid_at: '2026-11-02', amount: '40', currency_code: 'USD' });
  });
  afterEach((context) => reportFailure(context, b, 'attachments'));
  afterAll(() => b.close());

  it('attaches a PDF to an invoice with progress, lists it after a reload, downloads the same file, and notes it on the timeline', async () => {
    await page.goto(`/sales/invoices/${invoice}`);
    await page.getByText('No files attached yet.').waitFor();
    // a 600 kB file over a 200 kB/s uplink: the bar has time to show
    const big = Buffer.concat([PDF, Buffer.alloc(600 * 1024, 0x20)]);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 200 * 1024 });
    await attachField(page).setInputFiles({ name: 'Purchase order.pdf', mimeType: 'application/pdf', buffer: big });
    const bar = page.getByRole('progressbar', { name: 'Uploading Purchase order.pdf' });
    await bar.waitFor();
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(100);
    await toast(page, 'File uploaded successfully').waitFor();
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await bar.waitFor({ state: 'detached' });
    await fileList(page).getByRole('link', { name: 'Purchase order.pdf', exact: true }).waitFor();
    await page.getByText('File Purchase order.pdf attached.').waitFor();

    await page.reload();
    await fileList(page).getByText(/^600 KB · /).waitFor();
    const got = await downloadListed(page, 'Purchase order.pdf');
    expect(got.name).toBe('Purchase order.pdf');
    expect(got.body.equals(big)).toBe(true);
    await expectNoSeriousViolations(page, page.url());
  });

  it("shows the server's refusal under the field for a file that is not what its name says, and lists nothing new", async () => {
    await page.goto(`/sales/invoices/${invoice}`);
    await fileList(page).waitFor();
    await attachField(page).setInputFiles({ name: 'statement.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html>not a pdf</html>') });
    await page.getByText('The file must be a file of type: pdf, jpg, png, webp, gif, csv, txt, xlsx, docx.').waitFor();
    expect(await attachField(page).getAttribute('aria-invalid')).toBe('true');
    expect(await fileList(page).getByRole('listitem').count()).toBe(1);
    // a type the browser already knows is refused is never sent
    await attachField(page).setInputFiles({ name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await page.getByText(/must be a file of type/).first().waitFor();
    expect(await fileList(page).getByRole('listitem').count()).toBe(1);
  });

  it('deletes the file after confirming', async () => {
    await page.goto(`/sales/invoices/${invoice}`);
    await fileList(page).getByRole('button', { name: 'Delete Purchase order.pdf' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('The file Purchase order.pdf will be deleted.').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Delete Successfully').waitFor();
    await page.getByText('No files attached yet.').waitFor();
    await page.reload();
    await page.getByText('No files attached yet.').waitFor();
    await page.getByText('File Purchase order.pdf removed.').waitFor();
  });

  it('attaches a receipt to a bank transaction, in dark mode too', async () => {
    await page.goto(`/banking/transactions/${transaction}`);
    await page.getByText('No files attached yet.').waitFor();
    await attachField(page).setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
    await toast(page, 'File uploaded successfully').waitFor();
    await page.reload();
    const got = await downloadListed(page, 'receipt.png');
    expect(got.body.equals(PNG)).toBe(true);
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await expectNoSeriousViolations(page, `${page.url()} (dark)`);
  });
});
