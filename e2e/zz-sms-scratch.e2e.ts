import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, openBrowser, registerTenant, type Browser } from './browser';

const counts = { queued: 0, sending: 0, sent: 1, delivered: 5, failed: 1, rejected: 0, unknown: 0, cancelled: 0 };
const msg = (id: number, status: string) => ({ id, body: 'Hello {{ first_name }}, the meeting is on Friday at 10.', sender_id: null, status, pause_reason: status === 'paused' ? 'Paused: 25% of answers were failures' : null, audience: { contact_ids: [], segment_ids: [1], numbers: [] }, audience_label: 'Segment: Nairobi members', scheduled_at: status === 'scheduled' ? '2026-12-01T06:30:00Z' : null, ignore_quiet_hours: false, started_at: null, completed_at: null, encoding: 'GSM-7', parts: 1, recipients: 10, counts, credits_reserved: '8.0000', credits_charged: '6.0000', template_id: null, created_by: 1, created_by_name: 'Amani', created_at: '2026-11-24T10:00:00Z', updated_at: '2026-11-24T10:00:00Z' });
const tx = (id: number, state: string) => ({ id, message_id: 1, contact_id: 1, contact_name: 'Amina Otieno', phone: '+254712000101', state, reason: state === 'failed' ? 'UserInBlacklist' : null, provider_status: 'Success', provider_message_id: 'ATXid_1', parts: 1, credits: '0.8000', body: 'Hello Amina', sender_id: null, attempts: 1, sent_at: '2026-11-24T10:00:00Z', delivered_at: '2026-11-24T10:00:05Z', created_at: '2026-11-24T10:00:00Z', updated_at: '2026-11-24T10:00:00Z' });
const pag = (data: unknown[]) => ({ data, current_page: 1, last_page: 1, per_page: 15, total: data.length, from: 1, to: data.length, first_page_url: '', last_page_url: '', next_page_url: null, prev_page_url: null, path: '', links: [] });

async function mock(page: Page) {
  const json = (route: Route, body: unknown, status = 200) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  await page.route(/\/sms\/(count|messages\/json|transactions\/json|transactions\/recent|transactions\/totals|transactions\/get-transaction|settings|preview|templates\/json)/, (route) => {
    const url = route.request().url();
    if (url.includes('/sms/count')) return json(route, { data: { total: 12, scheduled: 2, sent: 8, processing: 2 } });
    if (url.includes('/messages/json')) return json(route, pag([msg(1, 'sending'), msg(2, 'paused'), msg(3, 'scheduled'), msg(4, 'completed')]));
    if (url.includes('/transactions/json')) return json(route, pag([tx(1, 'delivered'), tx(2, 'failed')]));
    if (url.includes('/recent')) return json(route, { data: [tx(1, 'delivered'), tx(2, 'failed')] });
    if (url.includes('/totals')) return json(route, { data: { period: '30d', totals: { recipients: 10, sent: 9, delivered: 7, failed: 2, rejected: 0, unknown: 0, credits: '8.0000' }, series: [{ date: '2026-11-22', sent: 3, delivered: 2, failed: 1 }, { date: '2026-11-23', sent: 5, delivered: 4, failed: 1 }, { date: '2026-11-24', sent: 2, delivered: 2, failed: 0 }] } });
    if (url.includes('/get-transaction')) return json(route, { data: { ...tx(1, 'delivered'), network_code: '63902', history: [{ at: '2026-11-24T10:00:00Z', state: 'queued', note: null }, { at: '2026-11-24T10:00:01Z', state: 'sent', note: 'Success' }, { at: '2026-11-24T10:00:05Z', state: 'delivered', note: 'Success' }] } });
    if (url.includes('/settings') && route.request().method() === 'PUT') return json(route, { message: 'The errors', errors: { pause_error_rate: ['The error rate must be at most 100.'] } }, 422);
    if (url.includes('/settings')) return json(route, { data: { quiet_hours_enabled: true, quiet_start: '20:00', quiet_end: '08:00', pause_error_rate: 20, pause_min_sample: 200, sender_ids: ['KAZI'] } });
    if (url.includes('/templates/json')) return json(route, pag([{ id: 1, name: 'Meeting', body: 'Meeting on Friday', variables: [], encoding: 'GSM-7', parts: 1, created_at: '', updated_at: '' }]));
    if (url.includes('/preview')) return json(route, { data: { recipients: 3, excluded: { no_consent: 1, suppressed: 0, no_phone: 0, duplicates: 1 }, invalid_numbers: ['12ab'], encoding: 'UCS-2', parts: 2, length: 80, per_part: 67, remaining: 54, ucs2_characters: ['🎉'], extension_characters: ['€'], rendered: 'Hello Amina 🎉', personalised: true, total_parts: 6, credits: '4.8000', rate: '0.8000', balance: '2.0000', enough: false, quiet_until: '2026-11-25T05:00:00Z' } });
    return route.continue();
  });
}

describe('scratch', () => {
  let b: Browser;
  beforeAll(async () => {
    b = await openBrowser();
    await registerTenant(b.page, { country: 'KE' });
    await apiCall(b.page, 'POST', '/segments/store', { name: 'Nairobi members', type: 'static' });
    await apiCall(b.page, 'POST', '/segments/store', { name: 'Mombasa members', type: 'static' });
    await mock(b.page);
  });
  afterAll(async () => b?.close());
  it('renders', async () => {
    const page = b.page;
    for (const [url, name] of [['/sms', 'overview'], ['/sms/messages', 'index'], ['/sms/transactions?message_id=1', 'transactions']] as const) {
      await page.goto(url);
      await page.waitForTimeout(1500);
      await b.screenshot(`scratch-${name}`);
    }
    await page.getByRole('button', { name: /Details of the SMS/ }).first().click();
    await page.waitForTimeout(800);
    await b.screenshot('scratch-drawer');
    await page.goto('/sms');
    await page.getByRole('button', { name: 'Sending rules' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.waitForTimeout(800);
    await b.screenshot('scratch-rules');
    await page.goto('/sms/messages/create');
    await page.getByRole('combobox', { name: 'Segments' }).click();
    await page.getByRole('combobox', { name: 'Segments' }).fill('Nair');
    await page.getByRole('option', { name: /Nairobi/ }).click();
    await page.getByRole('combobox', { name: 'Segments' }).fill('Momb');
    await page.getByRole('option', { name: /Mombasa/ }).click();
    await page.keyboard.press('Escape');
    await page.getByLabel(/^Text/).fill('Hello 🎉');
    await page.getByText('Schedule for later').click();
    await page.waitForTimeout(1500);
    await b.screenshot('scratch-create');
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await page.evaluate(() => document.documentElement.setAttribute('dir', 'rtl'));
    await page.waitForTimeout(500);
    await b.screenshot('scratch-create-dark-rtl');
    expect(b.pageErrors).toEqual([]);
  });
});
