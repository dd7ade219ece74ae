import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { startMailgunStandIn, STANDIN_MAILGUN, type MailgunStandIn } from '../server/testing/standins/mailgun';
import { expectNoSeriousViolations } from './a11y';
import { apiCall, fundCompany, openBrowser, registerTenant, reportFailure, settled, toast, type Browser } from './browser';
import { dragGrapesBlock, grapesBlock, grapesCanvas } from './grapes';

// Issue 17, end to end in one browser session: a company sets up Mailgun on Email/Settings against
// the stand-in (key, region, signing key, footer; adds a domain, verifies it and makes it the
// sending domain), builds a template in the visual editor by dragging a text block in and writing
// in it with a variable, chooses that template in the compose dialog and sends it to a segment,
// sees the preview, then sees delivered, opened and bounced figures arrive on Email/Overview (the
// stand-in posts its signed events to the company's webhook address at once), the bounce with its
// reason in Email/Transactions, the bounced contact shown suppressed on its page, and left out of
// the next send's preview. The API only funds the wallet and makes the contacts and the segment.


describe('email sending (issue 17)', () => {
  let browser: Browser;
  let page: Page;
  let mg: MailgunStandIn;
  const tag = Date.now().toString(36);
  const domain = `mg-${tag}.kilima.test`;
  const older = `old-${tag}.kilima.test`;
  const segmentName = `Newsletter ${tag}`;
  const templateName = `Season letter ${tag}`;
  const people = { amina: `amina-${tag}@kilima.test`, brian: `brian-${tag}@kilima.test`, chep: `chep-${tag}@kilima.test` };
  const contactIds: Record<string, number> = {};
  /** the words typed into the template's text block after its variable */
  const body = ', the new season is in the shop.';

  beforeAll(async () => {
    mg = await startMailgunStandIn({
      port: inject('emailStandIns').mailgunPort,
      autoEvents: true,
      recipients: { [people.amina]: { events: ['delivered', 'opened'] }, [people.brian]: { events: ['delivered'] }, [people.chep]: { events: ['failed-permanent'] } },
    });
    // wide enough for the template editor's canvas beside its panels
    browser = await openBrowser({ viewport: { width: 1440, height: 1000 } });
    page = browser.page;
    await registerTenant(page);
    await fundCompany(page, 100);
    const ids: number[] = [];
    for (const [name, email] of Object.entries(people)) {
      const made = await apiCall(page, 'POST', '/contacts/store', { first_name: name[0].toUpperCase() + name.slice(1), email, consent_email: 'granted' });
      expect(made.status, JSON.stringify(made.json)).toBe(201);
      ids.push(made.json.data!.id);
      contactIds[name] = made.json.data!.id;
    }
    const segment = await apiCall(page, 'POST', '/segments/store', { name: segmentName, type: 'static' });
    expect(segment.status).toBe(201);
    expect((await apiCall(page, 'POST', `/segments/add-contacts/${segment.json.data!.id}`, { contact_ids: ids })).status).toBe(200);
  });
  afterEach((context) => reportFailure(context, browser, 'email'));
  afterAll(async () => {
    await browser?.close();
    await mg?.close();
  });

  const domainRow = (name: string) => page.getByRole('table', { name: 'Email domains' }).getByRole('row').filter({ hasText: name });

  it('sets up Mailgun on Email/Settings: the key and footer saved, a domain added, verified and made the sending domain', async () => {
    await page.goto('/email/settings');
    await page.getByRole('heading', { name: 'Email settings', level: 1 }).waitFor();
    await page.getByLabel(/^API key/).fill(STANDIN_MAILGUN.apiKey);
    await page.getByLabel(/^Region/).selectOption('eu');
    await page.getByLabel(/^Webhook signing key/).fill(STANDIN_MAILGUN.signingKey);
    await page.getByLabel(/^From name/).fill('Kilima Traders');
    await page.getByLabel(/^Footer/).fill('Kilima Traders, Moi Avenue, Nairobi');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Email settings saved').waitFor();

    // an older domain first (the default until another is chosen), then the one to send from
    const add = page.getByLabel(/^Add a domain/);
    for (const name of [older, domain]) {
      await add.fill(name);
      await page.getByRole('button', { name: 'Add domain' }).click();
      await page.getByRole('dialog', { name: `DNS records for ${name}` }).getByTestId('dns-records').waitFor();
      await page.getByRole('dialog', { name: `DNS records for ${name}` }).getByRole('button', { name: 'Close' }).first().click();
    }
    await domainRow(older).getByText('Default').waitFor();

    await domainRow(domain).getByRole('button', { name: `DNS records and verification of ${domain}` }).click();
    const dialog = page.getByRole('dialog', { name: `DNS records for ${domain}` });
    await dialog.getByRole('button', { name: 'Verify now' }).click();
    await expect.poll(() => dialog.getByTestId('verify-result').textContent()).toBe(`${domain} is verified`);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await domainRow(domain).getByText('Verified').waitFor();

    await domainRow(domain).getByRole('button', { name: `Make ${domain} the default` }).click();
    await toast(page, `${domain} is now the sending domain`).waitFor();
    await domainRow(domain).getByText('Default').waitFor();
    await page.getByText(`Sending domain: ${domain}`).waitFor();

    await page.getByLabel(/^From address/).fill(`news@${domain}`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Email settings saved').waitFor();
    await page.reload();
    expect(await page.getByLabel(/^From address/).inputValue()).toBe(`news@${domain}`);
    await page.getByText(`Sending domain: ${domain}`).waitFor();
  });

  it('builds a template in the visual editor: a text block dragged in, written with a variable, saved', async () => {
    await page.goto('/email/templates');
    await page.getByRole('link', { name: 'New template' }).first().click();
    await page.getByRole('heading', { name: 'New email template' }).waitFor();
    await grapesBlock(page, 'Text').waitFor();
    await grapesCanvas(page).getByText('Write your message here.').waitFor();
    await page.getByLabel(/^Name/).fill(templateName);
    await page.getByLabel(/^Subject/).fill('Our new season, {{ first_name }}');

    await dragGrapesBlock(page, 'Text', 'Write your message here.', 'test-results/email-template-dropped-text.png');
    await grapesCanvas(page).getByText('Insert text here').dblclick();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Hello ');
    // the variable goes at the end of the selected text block
    await page.getByRole('button', { name: 'Insert First name' }).click();
    await grapesCanvas(page).getByText(/Hello\s\{\{ first_name \}\}/).dblclick();
    await page.keyboard.press('End');
    await page.keyboard.type(body);
    await grapesCanvas(page).getByText(/Hello\s\{\{ first_name \}\}, the new season is in the shop\./).waitFor();

    await page.getByRole('button', { name: 'Create template' }).click();
    await toast(page, 'Email template created successfully.').waitFor();
    await page.waitForURL(/\/email\/templates\/\d+\/edit$/);
    await page.getByRole('heading', { name: templateName, level: 1 }).waitFor();
  });

  it('shows the webhook address to give Mailgun, and Mailgun is told it', async () => {
    await page.goto('/email');
    await page.getByRole('heading', { name: 'Email', level: 1 }).waitFor();
    const address = page.getByLabel('Webhook address');
    await expect.poll(() => address.inputValue()).toMatch(/\/webhooks\/mailgun\/\d+\/[\w-]+$/);
    // the company pastes it in Mailgun › Webhooks
    mg.configure({ webhookUrl: await address.inputValue() });
    await settled(page);
    await expectNoSeriousViolations(page, 'Email/Overview');
  });

  it('composes an email to the segment with the template, previews who gets it and how it looks, and sends it', async () => {
    await page.getByRole('button', { name: 'Send email' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Send email' });
    await dialog.getByRole('checkbox', { name: new RegExp(segmentName) }).check();
    // the template built above: its subject and design, nothing written here
    await dialog.getByLabel(/^Template/).selectOption({ label: templateName });
    expect(await dialog.getByLabel(/^Message \(HTML\)/).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Preview' }).click();
    const preview = dialog.getByRole('region', { name: 'Preview' });
    await preview.getByText(/^3 recipients/).waitFor();
    await preview.getByText(/^Subject: Our new season, Amina$/).waitFor();
    const frame = dialog.frameLocator('iframe[title="Email preview"]');
    await frame.getByText('Kilima Traders, Moi Avenue, Nairobi').waitFor();
    await frame.getByText(/Hello\sAmina, the new season is in the shop\./).waitFor();
    await expectNoSeriousViolations(page, 'Email compose');
    await dialog.getByRole('button', { name: 'Send email' }).click();
    await toast(page, 'Send Successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // each recipient got the template's text with their own first name, from the sending domain
    await expect.poll(() => mg.received().length, { timeout: 30_000 }).toBe(3);
    const text = (html: string | null) => (html ?? '').replace(/<[^>]*>/g, ' ').replace(/&nbsp;|\u00a0/g, ' ').replace(/\s+/g, ' ');
    for (const [name, email] of Object.entries(people)) {
      const first = name[0].toUpperCase() + name.slice(1);
      const m = mg.received().find((r) => r.to.includes(email));
      expect(m, email).toBeDefined();
      expect(m!.domain).toBe(domain);
      expect(m!.subject).toBe(`Our new season, ${first}`);
      expect(text(m!.html)).toContain(`Hello ${first}${body}`);
    }
  });

  it('sees delivered, opened and bounced arrive, the bounce with its reason, the bounced contact shown suppressed and left out next time', async () => {
    const card = (label: string) => page.locator('dl').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd').first();
    // the figures refresh by themselves while the page is open
    await expect.poll(() => card('Delivered').textContent(), { timeout: 30_000 }).toBe('2');
    await expect.poll(() => card('Opened').textContent(), { timeout: 30_000 }).toBe('1');
    await expect.poll(() => card('Bounced').textContent(), { timeout: 30_000 }).toBe('1');
    expect(mg.received().every((m) => m.headers['List-Unsubscribe-Post'] === 'List-Unsubscribe=One-Click')).toBe(true);

    await page.goto('/email/transactions?status=FAILED');
    const table = page.getByRole('table', { name: 'Email transactions' });
    const row = table.getByRole('row').filter({ hasText: people.chep });
    await row.getByText('Bounced', { exact: true }).waitFor();
    await row.getByText(/does not exist/).waitFor();
    await settled(page);
    await expectNoSeriousViolations(page, 'Email/Transactions');

    // the bounced contact is shown suppressed on its page, with the reason Mailgun gave
    await page.goto(`/contacts/${contactIds.chep}`);
    const consent = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Consent', level: 2 }) }).last();
    await consent.getByText('Suppressed: bounced').waitFor();
    await consent.getByText(/does not exist/).waitFor();
    await settled(page);
    await expectNoSeriousViolations(page, 'Contacts/Show (suppressed)');
    await page.goto(`/contacts/${contactIds.amina}`);
    await page.getByRole('heading', { name: 'Consent' }).waitFor();
    expect(await page.getByText('Suppressed: bounced').count()).toBe(0);

    await page.goto('/email');
    await page.getByRole('button', { name: 'Send email' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Send email' });
    await dialog.getByRole('checkbox', { name: new RegExp(segmentName) }).check();
    await dialog.getByLabel(/^Subject/).fill('Second');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    const preview = dialog.getByRole('region', { name: 'Preview' });
    await preview.getByText(/^2 recipients/).waitFor();
    await preview.getByText(/1 unsubscribed or bounced/).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/email/group-transactions');
    await page.getByRole('table', { name: 'Email sends' }).getByRole('row').filter({ hasText: 'Our new season' }).getByText('Completed').waitFor();
  });

  it('reads in dark mode and right to left, the compose dialog too', async () => {
    await page.evaluate(() => localStorage.setItem('darkMode', 'true'));
    await page.goto('/email');
    await page.getByText('Emails over time').waitFor();
    await page.getByRole('table', { name: 'Email sends' }).getByRole('row').filter({ hasText: 'Our new season' }).waitFor();
    await settled(page);
    await expectNoSeriousViolations(page, 'Email/Overview (dark)');
    await page.getByRole('button', { name: 'Send email' }).first().click();
    await page.getByRole('dialog', { name: 'Send email' }).getByLabel(/^Subject/).fill('Dark');
    await settled(page);
    await expectNoSeriousViolations(page, 'Email compose (dark)');
    await browser.screenshot('email-compose-dark');
    await page.keyboard.press('Escape');
    await page.evaluate(() => document.documentElement.setAttribute('dir', 'rtl'));
    await settled(page);
    await browser.screenshot('email-overview-rtl-dark');
    await page.goto('/email/group-transactions');
    await page.getByRole('table', { name: 'Email sends' }).getByRole('row').filter({ hasText: 'Our new season' }).waitFor();
    await settled(page);
    await expectNoSeriousViolations(page, 'Email/GroupTransactions (dark)');
    await page.evaluate(() => localStorage.setItem('darkMode', 'false'));
  });
});
