import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { unsafeParts, XSS_PAYLOADS } from '../server/modules/cms/xss-corpus';
import { expectNoSeriousViolations } from './a11y';
import { apiCall, openBrowser, registerTenant, reportFailure, toast, type Browser } from './browser';

// Issue 18, "Done means" (CMS half): build a page in the block editor (heading, rich text, a
// button, an image uploaded and chosen in the media library's picker; blocks reordered by
// keyboard and by drag), preview the draft, publish, and open the
// public URL logged out in a new browser. "Safety": a page holding the XSS corpus, opened in the
// real browser, runs nothing (no dialog, no window.__xss, no script element).

/** The order of the top-level blocks, by kind. */
const blockKinds = (page: Page) => page.locator('ol[aria-label="Page blocks"] > li').evaluateAll((items) => items.map((li) => li.getAttribute('data-block')));

describe('CMS pages (issue 18)', () => {
  let browser: Browser;
  let page: Page;
  let companySlug = '';

  beforeAll(async () => {
    browser = await openBrowser();
    page = browser.page;
    await registerTenant(page);
    await page.goto('/cms/pages');
    companySlug = await page.evaluate(() => JSON.parse(document.querySelector('script[data-page="app"]')!.textContent!).props.company_slug as string);
    expect(companySlug).toMatch(/^kilima-traders-/);
  });
  afterEach(async (context) => reportFailure(context, browser, 'cms'));
  afterAll(async () => browser?.close());

  it('builds a page from blocks, previews the draft, publishes it and shows it to a visitor who is not logged in', async () => {
    await page.goto('/cms/pages');
    await page.getByText('No pages yet').waitFor();
    await page.getByRole('link', { name: 'New page' }).first().click();
    await page.waitForURL(/\/cms\/pages\/create$/);

    await page.getByLabel(/^Title/).fill('Harambee Day 2026');
    await expect.poll(() => page.getByLabel(/^Slug/).inputValue()).toBe('harambee-day-2026');

    const add = page.getByRole('group', { name: 'Add a block to page blocks' });
    await add.getByRole('button', { name: 'Text' }).click();
    const editor = page.getByRole('textbox', { name: 'Text', exact: true });
    await editor.click();
    await page.keyboard.type('Join us on Saturday for ');
    await page.getByRole('button', { name: 'Bold', exact: true }).click();
    await page.keyboard.type('music and food');
    await add.getByRole('button', { name: 'Heading' }).click();
    await page.getByLabel(/^Heading text/).fill('Everyone is welcome');
    await add.getByRole('button', { name: 'Button' }).click();
    await page.getByLabel(/^Button label/).fill('Write to us');
    await page.getByRole('textbox', { name: 'Link' }).fill('javascript:alert(1)');
    // an image from the media library: uploaded in the picker, then chosen
    await add.getByRole('button', { name: 'Image' }).click();
    await page.getByRole('group', { name: /^Image/ }).getByRole('button', { name: 'Choose image' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose the image' });
    await picker.getByTestId('media-upload-input').setInputFiles([
      { name: 'stage.png', mimeType: 'image/png', buffer: await sharp({ create: { width: 120, height: 80, channels: 3, background: '#f59e0b' } }).png().toBuffer() },
    ]);
    await picker.getByRole('button', { name: 'Choose stage' }).click();
    await picker.waitFor({ state: 'detached' });
    await page.getByText('stage', { exact: true }).waitFor();
    await page.getByLabel(/^Alternative text/).fill('Our stage');
    expect(await blockKinds(page)).toEqual(['text', 'heading', 'button', 'image']);

    // the heading first, by keyboard on its handle
    const headingHandle = page.getByRole('button', { name: /^Move Heading “Everyone is welcome”, position 2 of 4/ });
    await headingHandle.focus();
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => blockKinds(page)).toEqual(['heading', 'text', 'button', 'image']);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/position 1 of 4/);
    await page.getByText(/Heading “Everyone is welcome” moved to position 1 of 4\./).waitFor({ state: 'attached' });
    // the button between them, by dragging its handle onto the text
    await page.getByRole('button', { name: /^Move Button “Write to us”, position/ }).dragTo(page.locator('ol[aria-label="Page blocks"] > li[data-block="text"]'));
    await expect.poll(() => blockKinds(page)).toEqual(['heading', 'button', 'text', 'image']);

    // a javascript: link is refused before anything is saved, and again by the server's rule
    await page.getByRole('button', { name: 'Create page' }).click();
    await page.getByText('The link must be an http(s) or mailto address, or a path on this site such as /contact.').first().waitFor();
    expect(page.url()).toMatch(/\/cms\/pages\/create$/);
    await page.getByRole('textbox', { name: 'Link' }).fill('mailto:hello@kilima.example');
    await page.getByRole('button', { name: 'Create page' }).click();
    await page.waitForURL(/\/cms\/pages\/\d+\/edit$/);
    await toast(page, 'Page created successfully.').waitFor();
    const id = Number(/\/cms\/pages\/(\d+)\/edit$/.exec(page.url())![1]);
    await expectNoSeriousViolations(page, 'Pages/Edit');

    // the draft survives a reload, in the order it was given
    await page.reload();
    expect(await blockKinds(page)).toEqual(['heading', 'button', 'text', 'image']);
    await expect.poll(() => page.getByRole('textbox', { name: 'Text', exact: true }).innerHTML()).toContain('<b>music and food</b>');

    // not public while a draft
    const visitor = await openBrowser();
    try {
      const hidden = await visitor.page.goto(`/p/${companySlug}/harambee-day-2026`);
      expect(hidden!.status()).toBe(404);

      await page.getByRole('button', { name: 'Preview' }).click();
      await page.waitForURL(new RegExp(`/cms/pages/${id}/preview$`));
      const frame = page.frameLocator(`iframe[title="Preview of Harambee Day 2026"]`);
      await frame.getByRole('heading', { name: 'Everyone is welcome' }).waitFor();
      await frame.getByText('Preview of the draft').waitFor();
      await expect.poll(() => frame.locator('.kz-text strong, .kz-text b').first().textContent()).toBe('music and food');
      await expect.poll(() => frame.getByRole('img', { name: 'Our stage' }).evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

      await page.getByRole('button', { name: 'Publish now' }).click();
      await toast(page, 'Page published successfully.').waitFor();

      // the visitor: a new browser, never logged in
      const res = await visitor.page.goto(`/p/${companySlug}/harambee-day-2026`);
      expect(res!.status()).toBe(200);
      expect(res!.headers()['content-security-policy']).toContain("script-src 'none'");
      expect(visitor.page.url()).not.toMatch(/\/login/);
      await visitor.page.getByRole('heading', { level: 1, name: 'Harambee Day 2026' }).waitFor();
      await visitor.page.getByRole('heading', { level: 2, name: 'Everyone is welcome' }).waitFor();
      expect(await visitor.page.getByRole('link', { name: 'Write to us' }).getAttribute('href')).toBe('mailto:hello@kilima.example');
      expect(await visitor.page.title()).toBe(`Harambee Day 2026 · ${await page.evaluate(() => JSON.parse(document.querySelector('script[data-page="app"]')!.textContent!).props.tenant.name as string)}`);
      expect(await visitor.page.locator('script').count()).toBe(0);
      // the image, through the media library's signed address, loads for a visitor
      const img = visitor.page.getByRole('img', { name: 'Our stage' });
      expect(await img.getAttribute('src')).toMatch(/^\/media\/public\/\d+\/\d+\/(original|medium)\?expires=\d+&signature=/);
      await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      // the style sheet loads under the page's policy
      expect(await visitor.page.evaluate(() => getComputedStyle(document.querySelector('.kz-article')!).borderRadius)).toBe('12px');
    } finally {
      await visitor.close();
    }

    // the list shows it published, with its public address
    await page.goto('/cms/pages');
    const row = page.getByRole('row', { name: /Harambee Day 2026/ });
    await row.getByText('Published').waitFor();
    await row.getByText(`/p/${companySlug}/harambee-day-2026`).waitFor();
  });

  it('restores an older revision into the editor', async () => {
    const made = await apiCall(page, 'POST', '/cms/pages/store', { title: 'Opening hours', blocks: [{ id: 'h', type: 'heading', level: 2, text: 'Monday to Friday' }] });
    expect(made.status).toBe(201);
    const id = made.json.data!.id;
    expect((await apiCall(page, 'PUT', `/cms/pages/update/${id}`, { blocks: [{ id: 'h', type: 'heading', level: 2, text: 'Every day' }] })).status).toBe(200);
    await page.goto(`/cms/pages/${id}/edit`);
    await expect.poll(() => page.getByLabel(/^Heading text/).inputValue()).toBe('Every day');
    await page.getByRole('list', { name: 'Revisions' }).getByRole('button', { name: /^Restore/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Restore' }).click();
    await toast(page, 'Revision restored successfully.').waitFor();
    await expect.poll(() => page.getByLabel(/^Heading text/).inputValue()).toBe('Monday to Friday');
    await page.reload();
    await expect.poll(() => page.getByLabel(/^Heading text/).inputValue()).toBe('Monday to Friday');
  });

  it('runs none of the XSS corpus in the public page or in the preview', async () => {
    const blocks = XSS_PAYLOADS.flatMap((payload, i) => [
      { id: `t${i}`, type: 'text', html: `<p>payload ${i}</p>${payload}` },
      { id: `h${i}`, type: 'heading', level: 2, text: payload },
    ]);
    const made = await apiCall(page, 'POST', '/cms/pages/store', {
      title: '<img src=x onerror=window.__xss=1>Corpus',
      slug: 'corpus',
      seo_title: '"><script>window.__xss=1</script>',
      seo_description: "'><svg onload=window.__xss=1>",
      blocks,
    });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const id = made.json.data!.id;
    expect((await apiCall(page, 'POST', `/cms/pages/${id}/publish`, {})).status).toBe(200);

    const visitor = await openBrowser();
    try {
      const dialogs: string[] = [];
      const blocked: string[] = [];
      visitor.page.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      visitor.page.on('console', (m) => {
        if (/Content Security Policy/i.test(m.text())) blocked.push(m.text());
      });
      const res = await visitor.page.goto(`/p/${companySlug}/corpus`, { waitUntil: 'load' });
      expect(res!.status()).toBe(200);
      await visitor.page.getByText(`payload ${XSS_PAYLOADS.length - 1}`).waitFor();
      // hover, click and focus what could carry a handler, as a visitor would
      for (const p of await visitor.page.locator('.kz-text p, .kz-text a').filter({ visible: true }).all()) await p.hover();
      expect(await visitor.page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
      expect(dialogs).toEqual([]);
      expect(await visitor.page.locator('script, iframe, object, embed, svg, math, form, base, style').count()).toBe(0);
      expect(unsafeParts(await visitor.page.content())).toEqual([]);
      // nothing even tried to run: the page holds no script for the policy to block
      expect(blocked).toEqual([]);
      expect(visitor.pageErrors).toEqual([]);
    } finally {
      await visitor.close();
    }

    // the preview frame in the editor's own session (signed in) runs nothing either
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(`/cms/pages/${id}/preview`);
    const frame = page.frameLocator('iframe[title^="Preview of"]');
    await frame.getByText(`payload ${XSS_PAYLOADS.length - 1}`).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    const frameXss = await page.frames().find((f) => f.url().endsWith(`/cms/pages/${id}/preview/frame`))!.evaluate(() => (window as unknown as { __xss?: unknown }).__xss);
    expect(frameXss).toBeUndefined();
    expect(dialogs).toEqual([]);
  });
});
