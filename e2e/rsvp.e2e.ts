import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { CallbackSecrets } from '../server/providers/sms/callbacks';
import { startAfricasTalkingStandIn, type AfricasTalkingStandIn } from '../server/testing/standins/africastalking';
import { startMailgunStandIn, STANDIN_MAILGUN, type MailgunStandIn } from '../server/testing/standins/mailgun';
import { E2E_APP_KEY } from './app-key';
import { apiCall, fundCompany, logIn, openBrowser, registerTenant, reportFailure, settled, toast, type Browser, type Tenant } from './browser';
import { qrCamera } from './camera';
import { createCampaign, dayCell, fillNewEvent, saveNewEvent } from './campaigns';

// Issue 19's whole story, by SMS and email through the Africa's Talking and Mailgun stand-ins: a
// campaign and an event with one place made in their forms, a segment invited from the event's
// RSVP page, two guests answering on the public form (the second joins the waitlist), a follow-up
// to the one who did not answer, the first guest checked in at the door by a phone camera filming
// the QR code from their RSVP page (a second scan or typing the code is refused), and it all on
// Events/Dashboard and the calendar.


describe('RSVP (issue 19)', () => {
  let browser: Browser;
  let page: Page;
  let at: AfricasTalkingStandIn;
  let mg: MailgunStandIn;
  const tag = Date.now().toString(36);
  const domain = `mg-${tag}.gala.test`;
  let eventId = 0;
  const segmentName = `Gala guests ${Date.now().toString(36)}`;
  const phones = { amina: '+254712000201', brian: '+254712000202', chep: '+254712000203' };
  const links: Record<string, string> = {};
  let tenant: Tenant;
  // in two days (the calendar's month view always shows the next five days): invitations are open
  const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    browser = await openBrowser();
    page = browser.page;
    tenant = await registerTenant(page, { country: 'KE' });
    await page.goto('/sms');
    const tenantId = await page.evaluate(() => JSON.parse(document.querySelector('script[data-page="app"]')!.textContent!).props.tenant.id as number);
    at = await startAfricasTalkingStandIn({
      port: inject('smsStandIns').africastalkingPort,
      deliveryReportUrl: new CallbackSecrets(E2E_APP_KEY).url(`${inject('baseURL')}/webhooks/sms/delivery`, 'sms-delivery', String(tenantId)),
    });
    await fundCompany(page);
    // Mailgun set up for the company, its domain already verified on the account
    mg = await startMailgunStandIn({ port: inject('emailStandIns').mailgunPort, autoEvents: true });
    mg.addDomain(domain, 'active');
    const email = await apiCall(page, 'POST', '/email/settings/update', { driver: 'mailgun', mailgun_key: STANDIN_MAILGUN.apiKey, mailgun_region: 'eu', default_from_name: 'Garden gala' });
    expect(email.status, JSON.stringify(email.json)).toBe(200);
    const added = await apiCall(page, 'POST', '/email/settings/domains', { domain });
    expect(added.status, JSON.stringify(added.json)).toBe(201);
    expect((await apiCall(page, 'POST', `/email/settings/domains/${added.json.data!.id}/default`, {})).status).toBe(200);
    // whatever the hour of the run: quiet hours would hold the invitations until morning
    const rules = await apiCall(page, 'PUT', '/sms/settings', { quiet_hours_enabled: false, quiet_start: '20:00', quiet_end: '08:00', pause_error_rate: 20, pause_min_sample: 200, sender_ids: [] });
    expect(rules.status, JSON.stringify(rules.json)).toBe(200);
    const ids: number[] = [];
    for (const [name, phone] of Object.entries(phones)) {
      const made = await apiCall(page, 'POST', '/contacts/store', { first_name: name[0].toUpperCase() + name.slice(1), phone, consent_sms: 'granted', email: `${name}-${tag}@gala.test`, consent_email: 'granted' });
      expect(made.status, JSON.stringify(made.json)).toBe(201);
      ids.push(made.json.data!.id);
    }
    const segment = await apiCall(page, 'POST', '/segments/store', { name: segmentName, type: 'static' });
    expect((await apiCall(page, 'POST', `/segments/add-contacts/${segment.json.data!.id}`, { contact_ids: ids })).status).toBe(200);
  });
  afterEach((context) => reportFailure(context, browser, 'rsvp'));
  afterAll(async () => {
    await browser?.close();
    await at?.close();
    await mg?.close();
  });

  it('makes a campaign and an event with one place in their forms', async () => {
    const campaignId = await createCampaign(page, 'Garden season');
    await fillNewEvent(page, campaignId, { name: 'Garden gala', starts: `${day}T18:00`, ends: `${day}T21:00`, venue: 'Kazi Hall', capacity: '1' });
    eventId = await saveNewEvent(page, 'Garden gala');
  });

  it('invites a segment by SMS and email from the event’s RSVP page; each guest gets their own link', async () => {
    await page.goto(`/events/${eventId}/rsvp`);
    await page.getByRole('heading', { name: 'Garden gala', level: 1 }).waitFor();
    await page.getByRole('combobox', { name: 'Segments' }).click();
    await page.getByRole('combobox', { name: 'Segments' }).fill(segmentName.slice(0, 10));
    await page.getByRole('option', { name: new RegExp(segmentName) }).click();
    await page.keyboard.press('Escape');
    // both channels: each guest gets the invitation by SMS and by email, with the same personal link
    await page.getByLabel('SMS', { exact: true }).check();
    await page.getByLabel('Email', { exact: true }).check();
    await page.getByRole('button', { name: 'Send invitations' }).click();
    await toast(page, 'Send Successfully').waitFor();
    await expect.poll(() => at.received().filter((m) => /\/rsvp\//.test(m.message)).length, { timeout: 20_000 }).toBe(3);
    await expect.poll(() => mg.received().filter((m) => /\/rsvp\//.test(m.html ?? m.text ?? '')).length, { timeout: 20_000 }).toBe(3);
    for (const [name, phone] of Object.entries(phones)) {
      const m = at.received().find((x) => x.to === phone && /\/rsvp\//.test(x.message));
      const link = /(https?:\/\/\S+\/rsvp\/\S+)/.exec(m!.message)![1];
      links[name] = new URL(link).pathname;
      const mail = mg.received().find((x) => x.to.includes(`${name}-${tag}@gala.test`));
      expect(mail, `the email to ${name}`).toBeTruthy();
      expect(mail!.html ?? mail!.text).toContain(links[name]);
    }
    expect(new Set(Object.values(links)).size).toBe(3);
    await page.goto(`/events/${eventId}/rsvp/invitations`);
    await page.getByText('Amina', { exact: false }).first().waitFor();
  });

  it('two guests answer on the public form: the first takes the one place, the second joins the waitlist', async () => {
    const guest = await openBrowser();
    try {
      await guest.page.goto(links.amina);
      await guest.page.getByRole('heading', { name: 'Garden gala' }).waitFor();
      await guest.page.getByLabel('Yes, I will come').check();
      await guest.page.getByRole('button', { name: 'Send my answer' }).click();
      await guest.page.getByText('Your place is confirmed.').first().waitFor();
      await guest.page.getByRole('img', { name: 'Your check-in code' }).waitFor();
      links.code = (await guest.page.getByLabel('Your check-in code', { exact: true }).last().textContent())!.trim();
      expect(links.code.length).toBeGreaterThan(10);

      await guest.page.goto(links.brian);
      await guest.page.getByLabel('Yes, I will come').check();
      await guest.page.getByRole('button', { name: 'Send my answer' }).click();
      await guest.page.getByText(/you are on the waitlist/).first().waitFor();
    } finally {
      await guest.close();
    }
  });

  it('follows up the one who has not answered', async () => {
    await page.goto(`/events/${eventId}/rsvp/follow-up`);
    await page.getByText('Chep').first().waitFor();
    await page.getByLabel('Select every invitation on this page').check();
    await page.getByRole('button', { name: /^Send reminders/ }).click();
    await toast(page, 'Send Successfully').waitFor();
    await expect.poll(() => at.received().filter((m) => m.to === phones.chep).length, { timeout: 20_000 }).toBe(2);
  });

  it('checks the confirmed guest in at the door by filming their QR code, once, and shows it on the dashboard and the calendar', async () => {
    // the door: the organiser's phone, whose camera films the code the guest's RSVP page shows
    const door = await openBrowser({ args: qrCamera(links.code, 'rsvp'), viewport: { width: 390, height: 844 } });
    try {
      await logIn(door.page, tenant.email, tenant.password);
      await door.page.goto(`/events/${eventId}/check-in`);
      await door.page.getByRole('button', { name: 'Scan with the camera' }).click();
      await door.page.getByRole('status').filter({ hasText: 'Amina checked in' }).waitFor({ timeout: 20_000 });
      await door.page.getByRole('button', { name: 'Stop the camera' }).click();
      // the code typed in as well: the same guest cannot come in twice
      await door.page.getByLabel('Guest’s code').fill(links.code);
      await door.page.getByRole('button', { name: 'Check in', exact: true }).first().click();
      await door.page.getByRole('status').filter({ hasText: /already checked in/ }).waitFor();
      expect(door.pageErrors).toEqual([]);
    } finally {
      await door.close();
    }

    await page.goto(`/events/${eventId}/dashboard`);
    await settled(page);
    await page.getByText('1 person with their guests').waitFor();
    await page.getByText('1 confirmed with plus-ones', { exact: false }).waitFor();

    await page.goto('/calendar');
    await dayCell(page, day).locator('.fc-event', { hasText: 'Garden gala' }).waitFor();
  });
});
