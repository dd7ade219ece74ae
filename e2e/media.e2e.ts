import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './a11y';
import { openBrowser, registerTenant, reportFailure, toast, type Browser } from './browser';

/** An image of random pixels (it does not compress): big enough for a throttled upload to show its progress. */
const noisyPng = (side: number) =>
  sharp(Buffer.from(Array.from({ length: side * side * 3 }, () => Math.floor(Math.random() * 256))), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n1 0 obj << /Type /Pages /Count 3 >> endobj\n'), Buffer.alloc(200 * 1024, 0x20), Buffer.from('\n%%EOF\n')]);

const library = (page: Page) => page.getByRole('list', { name: 'Folders and files' });
const tile = (page: Page, name: string) => library(page).getByRole('listitem').filter({ hasText: name });

describe('media library', () => {
  let b: Browser;
  let page: Page;

  beforeAll(async () => {
    b = await openBrowser();
    page = b.page;
    await registerTenant(page);
  });
  afterEach((context) => reportFailure(context, b, 'media'));
  afterAll(() => b.close());

  it('uploads three files at once with a progress bar each, makes a folder, moves and renames, deletes several', async () => {
    await page.goto('/media-library');
    await page.getByText('The media library is empty').waitFor();
    await page.getByTestId('media-usage').getByText(/^Storage: 0 bytes of 1 GB used/).waitFor();

    await page.getByRole('button', { name: 'New folder' }).click();
    await page.getByRole('dialog', { name: 'New folder' }).getByLabel('Folder name').fill('Campaign photos');
    await page.getByRole('button', { name: 'Create folder' }).click();
    await toast(page, 'Folder created successfully').waitFor();
    await tile(page, 'Campaign photos').waitFor();

    // three files over a 300 kB/s uplink: each bar is seen on its way
    const [beach, crowd] = await Promise.all([noisyPng(300), noisyPng(280)]);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 300 * 1024 });
    await page.getByTestId('media-upload-input').setInputFiles([
      { name: 'beach.png', mimeType: 'image/png', buffer: beach },
      { name: 'crowd.png', mimeType: 'image/png', buffer: crowd },
      { name: 'programme.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    for (const name of ['beach.png', 'crowd.png', 'programme.pdf']) {
      const bar = page.getByRole('progressbar', { name: `Uploading ${name}` });
      await bar.waitFor();
      expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(100);
    }
    await expect.poll(() => page.locator('[data-testid="upload-item"][data-status="done"]').count(), { timeout: 30_000 }).toBe(3);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await toast(page, 'File uploaded successfully').waitFor();
    for (const name of ['beach', 'crowd', 'programme']) await tile(page, name).waitFor();
    // the images get their thumbnails from the job; the PDF its page count
    await tile(page, 'beach').locator('img').waitFor();
    await tile(page, 'crowd').locator('img').waitFor();
    await tile(page, 'programme').getByText(/3 pages/).waitFor();
    await page.getByTestId('media-usage').getByText(/^Storage: [\d.]+ KB of 1 GB used/).waitFor();

    // move two images into the folder
    await page.getByLabel('Select beach').check();
    await page.getByLabel('Select crowd').check();
    await page.getByRole('region', { name: 'Selection' }).getByText('2 selected').waitFor();
    await page.getByRole('button', { name: 'Move' }).click();
    const move = page.getByRole('dialog', { name: 'Move 2 items' });
    await move.getByLabel('Campaign photos').check();
    await move.getByRole('button', { name: 'Move here' }).click();
    await toast(page, 'Items moved successfully').waitFor();
    await tile(page, 'beach').waitFor({ state: 'detached' });
    await tile(page, 'programme').waitFor();

    // a folder cannot go into itself: the move dialog greys it out
    await page.getByLabel('Select Campaign photos').check();
    await page.getByRole('button', { name: 'Move' }).click();
    expect(await page.getByRole('dialog', { name: 'Move 1 item' }).getByLabel('Campaign photos').isDisabled()).toBe(true);
    await page.getByRole('dialog', { name: 'Move 1 item' }).getByRole('button', { name: 'Cancel' }).click();

    // rename it
    await page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename folder' });
    await rename.getByLabel('Folder name').fill('Campaign 2026');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await toast(page, 'Folder renamed successfully').waitFor();
    await tile(page, 'Campaign 2026').waitFor();

    // into the folder by keyboard; the address keeps it through a reload
    await library(page).getByRole('button', { name: /^Folder Campaign 2026/ }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('navigation', { name: 'Folders' }).getByRole('button', { name: 'Campaign 2026' }).waitFor();
    await tile(page, 'beach').waitFor();
    await page.reload();
    await tile(page, 'crowd').waitFor();
    expect(await page.getByRole('navigation', { name: 'Folders' }).getByRole('button', { name: 'Campaign 2026' }).getAttribute('aria-current')).toBe('page');
    await expectNoSeriousViolations(page, 'Media/Index (a folder, grid)');

    // the list view, then delete both files at once
    await page.getByRole('radio', { name: 'List' }).click();
    await page.getByRole('table').getByText('crowd').waitFor();
    await page.getByLabel('Select all on this page').check();
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete 2 files?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Delete Successfully').waitFor();
    await page.getByText('This folder is empty').waitFor();

    // back at the top: the PDF and the folder are left
    await page.getByRole('navigation', { name: 'Folders' }).getByRole('button', { name: 'Media library' }).click();
    await page.getByRole('table').getByText('programme').waitFor();
    expect(b.pageErrors).toEqual([]);
  });

  it('refuses a file whose bytes are not what its name says, under the file, and keeps the rest', async () => {
    await page.goto('/media-library?view=grid');
    await tile(page, 'programme').waitFor();
    await page.getByTestId('media-upload-input').setInputFiles([{ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: PDF }]);
    const item = page.locator('[data-testid="upload-item"][data-status="failed"]');
    await item.getByText(/ends in \.jpg but its contents are a document of type application\/pdf/).waitFor();
    await toast(page, /photo\.jpg: The file's name ends in \.jpg/).waitFor();
    expect(await library(page).getByRole('listitem').count()).toBe(2);
  });

  it('reads well in dark mode and right to left', async () => {
    for (const mode of ['dark', 'rtl'] as const) {
      await page.evaluate((m) => {
        localStorage.setItem('darkMode', String(m === 'dark'));
        localStorage.setItem('direction', m === 'rtl' ? 'rtl' : 'ltr');
      }, mode);
      await page.goto('/media-library');
      await tile(page, 'programme').waitFor();
      await expectNoSeriousViolations(page, `Media/Index (${mode})`);
    }
    await page.evaluate(() => {
      localStorage.setItem('darkMode', 'false');
      localStorage.setItem('direction', 'ltr');
    });
    expect(b.pageErrors).toEqual([]);
  });
});
