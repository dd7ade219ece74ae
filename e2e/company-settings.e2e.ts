import { inflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, eventually, openBrowser, registerTenant, reportFailure, type Browser, type Tenant } from './browser';

/** The colour operands pdfkit writes for a hex colour ("r g b sc"). */
const pdfColour = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).join(' ') + ' sc';
function pdfStreams(pdf: Buffer): string {
  const src = pdf.toString('latin1');
  let out = '';
  for (let at = src.indexOf('stream\n'); at >= 0; at = src.indexOf('stream\n', at + 1)) {
    try {
      out += inflateSync(Buffer.from(src.slice(at + 7, src.indexOf('endstream', at)), 'latin1')).toString('latin1');
    } catch {
      // an image's bytes, not a content stream
    }
  }
  return out;
}
const rootVar = (page: Page, name: string) => page.evaluate((n) => document.documentElement.style.getPropertyValue(n), name);

/** Settings/Company (issue 24): a token made in the page calls the API; the theme colour reaches the shell, a public page and a PDF. */
describe('company settings, theme and API tokens', () => {
  let browser: Browser;
  let page: Page;
  let tenant: Tenant;
  const baseURL = inject('baseURL');

  beforeAll(async () => {
    browser = await openBrowser();
    page = browser.page;
    tenant = await registerTenant(page);
  });
  afterEach((context) => reportFailure(context, browser, 'company-settings'));
  afterAll(() => browser.close());

  it('creates a token in the page and calls the API with it; a scope it lacks is a 403', async () => {
    await page.goto('/settings/company/tokens');
    await page.getByText('No API tokens yet').waitFor();
    await page.getByRole('button', { name: 'New token' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Reporting script');
    await dialog.locator('input[value="customers.view"]').check();
    await dialog.getByRole('button', { name: 'Create token' }).click();
    const shown = page.getByTestId('new-token');
    await shown.waitFor();
    const token = (await shown.textContent())!.trim();
    expect(token).toMatch(/^kz_\d+_\d+_/);
    await page.getByRole('row').filter({ hasText: 'Reporting script' }).getByText('active').waitFor();

    // a script: no cookies, no CSRF header, only the token
    const list = await fetch(`${baseURL}/accounting/contacts/json?type=customer`, { headers: { authorization: `Bearer ${token}` } });
    expect(list.status).toBe(200);
    const write = await fetch(`${baseURL}/accounting/contacts/store`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'customer', name: 'Not allowed' }),
    });
    expect(write.status).toBe(403);

    // last used shows after a reload; revoking stops it
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: 'Reporting script' });
    await row.waitFor();
    expect(await row.locator('td').nth(3).textContent()).not.toContain('Never');
    await row.getByRole('button', { name: 'Revoke Reporting script' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await row.getByText('revoked').waitFor();
    expect((await fetch(`${baseURL}/accounting/contacts/json?type=customer`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
  });

  it('renames the company: the page title follows without a reload', async () => {
    await page.goto('/settings/company');
    await page.getByLabel(/^Display name/).fill(`${tenant.company} Renamed`);
    const marker = await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
    await page.getByRole('button', { name: 'Save' }).click();
    await eventually(() => page.title(), `Company settings - ${tenant.company} Renamed`);
    // the same document: no full reload happened
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(marker);
  });

  it('changes the theme colour: a poor colour is warned about; the shell, a public page and a PDF follow', async () => {
    await page.goto('/settings/company/theme');
    const code = page.getByLabel('Colour code');
    await code.fill('#FFEE99');
    await page.getByRole('alert').filter({ hasText: 'Contrast warning' }).waitFor();
    await code.fill('#0F766E');
    await page.getByText(/passes WCAG AA/).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('.Toastify').getByText('Theme updated successfully.').waitFor();
    await eventually(() => rootVar(page, '--color-primary'), '#0F766E');
    // the shell's primary button is drawn in it (the pointer moved off it: hovered, it takes the darker text shade, and
    // the colour eases back)
    await page.mouse.move(0, 0);
    await eventually(() => page.getByRole('button', { name: 'Save' }).evaluate((el) => getComputedStyle(el).backgroundColor), 'rgb(15, 118, 110)');

    // a public page: the terms page of the company links the company's theme sheet, which carries the colour
    const href = (await page.getByRole('link', { name: /See a public page/ }).getAttribute('href'))!;
    const slug = new URL(href, baseURL).searchParams.get('company');
    expect(slug).toBeTruthy();
    const terms = await apiCall(page, 'PUT', '/settings/company/terms/update', { terms: '1. Pay within 14 days.', show_on_documents: true, show_on_public_pages: true });
    expect(terms.status).toBe(200);
    const publicPage = await browser.context.newPage();
    const quote = await publicPage.goto(href);
    expect(quote?.status()).toBe(200);
    await eventually(() => publicPage.evaluate(() => document.documentElement.style.getPropertyValue('--color-primary')), '#0F766E');
    const termsPage = await publicPage.goto(`/p/${slug}/legal/terms`);
    expect(termsPage?.status()).toBe(200);
    const accent = await publicPage.locator('.kz-site-header').evaluate((el) => getComputedStyle(el).borderTopColor);
    expect(accent).toBe('rgb(15, 118, 110)');
    await publicPage.close();

    // a PDF: the table head of an invoice is filled with the colour, and the terms are printed
    const customer = await apiCall(page, 'POST', '/accounting/contacts/store', { type: 'customer', name: 'Themed Customer' });
    const invoice = await apiCall(page, 'POST', '/accounting/documents/store', { type: 'invoice', contact_id: customer.json.data!.id, issued_at: '2026-11-01', items: [{ name: 'Design', quantity: '1', price: '100' }] });
    expect(invoice.status).toBe(201);
    const pdf = await page.evaluate(async (id) => {
      const res = await fetch(`/accounting/documents/pdf/${id}`);
      return Array.from(new Uint8Array(await res.arrayBuffer()));
    }, invoice.json.data!.id);
    expect(pdfStreams(Buffer.from(pdf))).toContain(pdfColour('#0F766E'));
  });
});
