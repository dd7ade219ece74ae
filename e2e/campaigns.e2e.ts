import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './a11y';
import { apiCall, download, openBrowser, registerTenant, reportFailure, toast, type Browser } from './browser';
import { createCampaign, dayCell, fillNewEvent, saveNewEvent } from './campaigns';

// Issue 19 (campaigns half): a campaign made in Campaigns/Index's form, an event for it made in
// Events/Create with a cover image uploaded in the media library's picker, counted on the
// campaign's page, shown on the calendar's month view, dragged to another day (kept through a
// reload) and downloaded as an iCal file; an event group with the participants of a segment and
// its RSVP settings; then every other campaigns page once, with its data and no console errors,
// and the accessibility check on Campaigns/Index and Calendar/Overview in light and dark.

/** a day of the current month (UTC, the browser's and the new company's timezone) */
const ym = new Date().toISOString().slice(0, 7);
const FROM_DAY = `${ym}-10`;
const TO_DAY = `${ym}-12`;
const CAMPAIGN = 'Harambee 2026';
const EVENT = 'Borehole opening';


describe('campaigns, events and the calendar (issue 19)', () => {
  let b: Browser;
  let page: Page;
  const consoleErrors: string[] = [];
  let campaignId = 0;
  let eventId = 0;
  let groupId = 0;

  beforeAll(async () => {
    b = await openBrowser();
    page = b.page;
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(`${page.url()}: ${m.text()}`);
    });
  });
  afterEach((context) => reportFailure(context, b, 'campaigns'));
  afterAll(() => b?.close());

  it('creates a campaign in Campaigns/Index’s form', async () => {
    // a new company of its own (in a test: registration polls the onboarding form)
    await registerTenant(page);
    await page.goto('/campaigns');
    await page.getByText('No campaigns yet').waitFor();
    campaignId = await createCampaign(page, CAMPAIGN, { goal: 'Two new boreholes in Machakos', budget: '5000' });
    await expect.poll(() => page.getByTestId('campaign-counts').innerText()).toMatch(/Events\s+0\b/);
  });

  it('creates an event for it with a cover image uploaded in the media picker, counted on the campaign’s page', async () => {
    await fillNewEvent(page, campaignId, { name: EVENT, starts: `${FROM_DAY}T10:00`, ends: `${FROM_DAY}T12:00`, venue: 'Machakos grounds', capacity: '50' });
    await page.getByRole('group', { name: 'Cover image' }).getByRole('button', { name: 'Choose image' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose the cover image' });
    await picker.getByTestId('media-upload-input').setInputFiles([
      { name: 'borehole.png', mimeType: 'image/png', buffer: await sharp({ create: { width: 160, height: 90, channels: 3, background: '#0ea5e9' } }).png().toBuffer() },
    ]);
    await picker.getByRole('button', { name: 'Choose borehole' }).click();
    await picker.waitFor({ state: 'detached' });
    await page.getByRole('group', { name: 'Cover image' }).getByText('borehole', { exact: true }).waitFor();
    eventId = await saveNewEvent(page, EVENT);
    const cover = page.getByRole('img', { name: `Cover of ${EVENT}` });
    await cover.waitFor();
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    await page.goto(`/campaigns/${campaignId}`);
    await expect.poll(() => page.getByTestId('campaign-counts').innerText()).toMatch(/Events\s+1\s+1 locations/);
    await page.getByRole('table').getByText(EVENT).waitFor();
  });

  it('shows it on the calendar’s month view, moves it by dragging to another day, and the day survives a reload', async () => {
    await page.goto('/calendar');
    const event = dayCell(page, FROM_DAY).locator('.fc-event', { hasText: EVENT });
    await event.waitFor();
    const from = (await event.boundingBox())!;
    const to = (await dayCell(page, TO_DAY).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 5, from.y + from.height / 2 + 5, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
    await page.mouse.up();
    await toast(page, 'Event updated successfully.').waitFor();
    await dayCell(page, TO_DAY).locator('.fc-event', { hasText: EVENT }).waitFor();

    await page.reload();
    await dayCell(page, TO_DAY).locator('.fc-event', { hasText: EVENT }).waitFor();
    expect(await dayCell(page, FROM_DAY).locator('.fc-event', { hasText: EVENT }).count()).toBe(0);
    const stored = await apiCall(page, 'GET', `/events/calendar?year=${ym.slice(0, 4)}&month=${Number(ym.slice(5))}`);
    const item = (stored.json.data as unknown as { id: number; starts_at: string }[]).find((e) => e.id === eventId)!;
    expect(item.starts_at.slice(0, 16)).toBe(`${TO_DAY}T10:00`);
  });

  it('downloads the event’s iCal file with its name and new start', async () => {
    await page.goto(`/events/${eventId}`);
    const file = await download(page, page.getByRole('link', { name: 'iCal file' }));
    expect(file.name).toMatch(/\.ics$/);
    const text = file.body.toString('utf8').replace(/\r\n[ \t]/g, '');
    expect(text).toContain('BEGIN:VEVENT');
    expect(text).toContain(`SUMMARY:${EVENT}`);
    expect(text).toMatch(new RegExp(`DTSTART[^:\\r\\n]*:${TO_DAY.replace(/-/g, '')}T1000`));
  });

  it('makes an event group, adds the participants of a segment and saves its RSVP settings', async () => {
    const ids: number[] = [];
    for (const [first, phone] of [['Wanjiru', '+254712000301'], ['Otieno', '+254712000302']]) {
      const made = await apiCall(page, 'POST', '/contacts/store', { first_name: first, last_name: 'Test', phone, consent_sms: 'granted' });
      expect(made.status, JSON.stringify(made.json)).toBe(201);
      ids.push(made.json.data!.id);
    }
    const segment = await apiCall(page, 'POST', '/segments/store', { name: 'Borehole donors', type: 'static' });
    expect(segment.status).toBe(201);
    expect((await apiCall(page, 'POST', `/segments/add-contacts/${segment.json.data!.id}`, { contact_ids: ids })).status).toBe(200);

    await page.goto('/groups');
    await page.getByText('No event groups yet').waitFor();
    await page.getByRole('button', { name: 'New group' }).click();
    const dialog = page.getByRole('dialog', { name: 'New event group' });
    await dialog.getByLabel(/^Name/).fill('Borehole openings');
    await dialog.getByLabel(/^Campaign/).selectOption(String(campaignId));
    await dialog.getByRole('button', { name: 'Create group' }).click();
    await toast(page, 'Group created successfully.').waitFor();
    await page.getByRole('link', { name: 'Borehole openings' }).click();
    await page.waitForURL(/\/groups\/\d+$/);
    groupId = Number(/\/groups\/(\d+)$/.exec(page.url())![1]);

    await page.getByRole('navigation', { name: 'Group' }).getByRole('link', { name: 'Participants' }).click();
    await page.waitForURL(/\/participants$/);
    await page.getByText('No participants yet').waitFor();
    await page.getByLabel('Segment').selectOption({ label: 'Borehole donors' });
    await page.getByRole('button', { name: 'Add the segment' }).click();
    await toast(page, '2 participants added.').waitFor();
    await page.getByRole('table').getByText('Wanjiru Test').waitFor();
    await page.getByRole('table').getByText('Otieno Test').waitFor();
    // and one more by hand, found by name
    expect((await apiCall(page, 'POST', '/contacts/store', { first_name: 'Akinyi', last_name: 'Test', phone: '+254712000303', consent_sms: 'granted' })).status).toBe(201);
    await page.getByRole('combobox', { name: 'Contacts' }).fill('Akinyi');
    await page.getByRole('option', { name: /^Akinyi Test/ }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Add the contacts' }).click();
    await toast(page, '1 participant added.').waitFor();
    await page.getByRole('table').getByText('Akinyi Test').waitFor();

    await page.getByRole('navigation', { name: 'Group' }).getByRole('link', { name: 'RSVP setup' }).click();
    await page.waitForURL(/\/rsvp-setup$/);
    await page.getByLabel('Guests an invitee may bring').fill('2');
    await page.getByLabel('Email').check();
    // the invitation's own words: a variable the invitation does not know is refused on its box
    await page.getByLabel('Invitation by SMS').fill('Karibu {{ first_name }}! {{ shoe_size }} {{ rsvp_link }}');
    await page.getByRole('button', { name: 'Save RSVP settings' }).click();
    await page.getByText(/shoe_size/).filter({ hasNot: page.locator('textarea') }).first().waitFor();
    // the browser logs the refused request (a moment after the page shows the error); it is the one expected here
    await expect.poll(() => consoleErrors.length).toBe(1);
    expect(consoleErrors.splice(0)).toEqual([expect.stringMatching(/rsvp-setup: .*422/)]);
    await page.getByLabel('Invitation by SMS').fill('Karibu {{ first_name }}! {{ event_name }} on {{ event_date }}: {{ rsvp_link }}');
    await page.getByRole('button', { name: 'Save RSVP settings' }).click();
    await toast(page, 'RSVP settings saved successfully').waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel('Guests an invitee may bring').inputValue()).toBe('2');
    expect(await page.getByLabel('Email').isChecked()).toBe(true);
    expect(await page.getByLabel('Invitation by SMS').inputValue()).toBe('Karibu {{ first_name }}! {{ event_name }} on {{ event_date }}: {{ rsvp_link }}');

    // settings the page does not edit (a question, set through the API) survive a save from it
    const current = (await apiCall(page, 'GET', `/api/event-groups/${groupId}/rsvp-config`)).json.data as unknown as Record<string, unknown>;
    const question = { id: 'diet', label: 'Any dietary needs?', type: 'text', required: false };
    expect((await apiCall(page, 'PUT', `/api/event-groups/${groupId}/rsvp-config`, { ...current, questions: [question] })).status).toBe(200);
    await page.reload();
    await expect.poll(() => page.getByLabel('Guests an invitee may bring').inputValue()).toBe('2');
    await page.getByLabel('Guests an invitee may bring').fill('3');
    await page.getByRole('button', { name: 'Save RSVP settings' }).click();
    await toast(page, 'RSVP settings updated successfully').waitFor();
    const saved = (await apiCall(page, 'GET', `/api/event-groups/${groupId}/rsvp-config`)).json.data as unknown as { max_plus_ones: number; questions: unknown[] };
    expect(saved.max_plus_ones).toBe(3);
    expect(saved.questions).toEqual([question]);
  });

  it('opens every other campaigns page once, each with its data and no console errors', async () => {
    // the event joins the group through Events/Edit
    await page.goto(`/events/${eventId}/edit`);
    await expect.poll(() => page.getByLabel(/^Name/).inputValue()).toBe(EVENT);
    await page.getByLabel('Event group', { exact: true }).selectOption({ label: 'Borehole openings' });
    await page.getByRole('button', { name: 'Save event' }).click();
    await toast(page, 'Event updated successfully.').waitFor();
    await page.waitForURL(new RegExp(`/events/${eventId}$`));
    await page.getByRole('link', { name: 'Borehole openings' }).waitFor();

    // an outside organiser through Organisers/Create, listed on Organisers/Index
    await page.goto(`/organisers/create?campaign_id=${campaignId}`);
    await page.getByLabel(/^Name/).fill('Mwangi Kariuki');
    await page.getByLabel(/^Email/).fill('mwangi@example.com');
    await page.getByLabel(/^Role/).fill('Speaker');
    await page.getByRole('button', { name: 'Add organiser' }).click();
    await toast(page, /created successfully/).waitFor();
    await page.waitForURL(/\/organisers$/);
    await page.getByRole('table').getByText('Mwangi Kariuki').waitFor();

    // who organises the event: ticked among the campaign's organisers on Events/Edit, kept through a reload
    await page.goto(`/events/${eventId}/edit`);
    const organisers = page.getByRole('group', { name: 'Organisers' });
    await organisers.getByLabel(/Mwangi Kariuki/).check();
    await page.getByRole('button', { name: 'Save event' }).click();
    await toast(page, 'Event updated successfully.').waitFor();
    await page.waitForURL(new RegExp(`/events/${eventId}$`));
    await page.goto(`/events/${eventId}/edit`);
    await expect.poll(() => organisers.getByLabel(/Mwangi Kariuki/).isChecked()).toBe(true);
    const stored = (await apiCall(page, 'GET', `/events/get-event/${eventId}`)).json.data as unknown as { organiser_ids: number[] };
    expect(stored.organiser_ids).toHaveLength(1);

    const tour: [string, (p: Page) => Promise<unknown>][] = [
      [`/groups/${groupId}`, (p) => p.getByText(/Campaign: Harambee 2026/).first().waitFor()],
      [`/groups/${groupId}/events`, (p) => p.getByText(EVENT).first().waitFor()],
      [`/groups/${groupId}/participants`, (p) => p.getByRole('table').getByText('Wanjiru Test').waitFor()],
      [`/groups/${groupId}/rsvp-setup`, (p) => expect.poll(() => p.getByLabel('Guests an invitee may bring').inputValue()).toBe('3')],
      [`/events/${eventId}`, (p) => p.getByText('Machakos grounds').first().waitFor()],
      [`/events/${eventId}/edit`, (p) => expect.poll(() => p.getByLabel(/^Venue/).inputValue()).toBe('Machakos grounds')],
      [`/events/${eventId}/media`, (p) => p.getByRole('heading', { name: new RegExp(EVENT), level: 1 }).waitFor()],
      [`/campaigns/calendar?campaign_id=${campaignId}`, (p) => dayCell(p, TO_DAY).locator('.fc-event', { hasText: EVENT }).waitFor()],
      ['/organisers', (p) => p.getByRole('table').getByText('Mwangi Kariuki').waitFor()],
      ['/organisers/create', (p) => p.getByRole('button', { name: 'Add organiser' }).waitFor()],
    ];
    for (const [url, shows] of tour) {
      await page.goto(url);
      await shows(page);
    }
    expect(consoleErrors).toEqual([]);
    expect(b.pageErrors).toEqual([]);
  });

  it('reads well: Campaigns/Index and Calendar/Overview in light and dark', async () => {
    for (const dark of [false, true]) {
      await page.evaluate((d) => localStorage.setItem('darkMode', String(d)), dark);
      await page.goto('/campaigns');
      await page.getByRole('link', { name: CAMPAIGN }).waitFor();
      await expectNoSeriousViolations(page, `Campaigns/Index (${dark ? 'dark' : 'light'})`);
      await page.goto('/calendar');
      await dayCell(page, TO_DAY).locator('.fc-event', { hasText: EVENT }).waitFor();
      await expectNoSeriousViolations(page, `Calendar/Overview (${dark ? 'dark' : 'light'})`);
    }
    await page.evaluate(() => localStorage.setItem('darkMode', 'false'));
    expect(consoleErrors).toEqual([]);
  });
});
