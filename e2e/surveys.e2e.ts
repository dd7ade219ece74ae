import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { startAfricasTalkingStandIn, type AfricasTalkingStandIn } from '../server/testing/standins/africastalking';
import { expectNoSeriousViolations } from './a11y';
import { apiCall, csvLines, download, fundCompany, openBrowser, registerTenant, reportFailure, settled, toast, type Browser } from './browser';

// Issue 20 (surveys): a survey built in the builder with skip logic (a question asked only to
// detractors) and a question moved by keyboard, answered on its public link and inside a CMS page,
// its charts and its export, sent by SMS to a segment from its page (each contact their own link,
// through the Africa's Talking stand-in), then closed: the public link shows the closed page. Dark mode and
// right to left are checked with axe on the public and the results pages.

describe('Surveys (issue 20)', () => {
  let browser: Browser;
  let page: Page;
  let surveyId = 0;
  let publicUrl = '';
  let pageUrl = '';
  let eventId = 0;
  let at: AfricasTalkingStandIn | undefined;

  beforeAll(async () => {
    browser = await openBrowser();
    page = browser.page;
    await registerTenant(page);
    const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const event = await apiCall(page, 'POST', '/events/store', { name: 'Harvest fair', starts_at: `${day}T10:00`, ends_at: `${day}T16:00`, status: 'active' });
    expect(event.status, JSON.stringify(event.json)).toBe(201);
    eventId = event.json.data!.id;
  });
  afterEach((context) => reportFailure(context, browser, 'surveys'));
  afterAll(async () => {
    await browser?.close();
    await at?.close();
  });

  it('builds a survey with skip logic and reorders a question by keyboard', async () => {
    await page.goto('/surveys/create');
    await page.getByRole('heading', { name: 'New survey', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Fair feedback');
    await page.getByLabel('Event', { exact: true }).selectOption({ label: 'Harvest fair' });
    await page.getByLabel('Thank-you message').fill('Thank you for helping us grow!');
    const questions = page.getByRole('list', { name: 'Questions of section 1' }).getByRole('listitem');
    // the first question: a 0–10 score
    await questions.nth(0).getByRole('textbox', { name: 'Question', exact: true }).fill('How likely are you to recommend the fair?');
    await questions.nth(0).getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Scale 0–10 (NPS)' });
    await questions.nth(0).getByLabel('Required').check();
    // asked only when the score is 6 or less
    const add = async (type: string, label: string) => {
      await page.getByLabel('New question type for section 1').selectOption({ label: type });
      await page.getByRole('button', { name: 'Add question to section 1' }).click();
      await questions.last().getByRole('textbox', { name: 'Question', exact: true }).fill(label);
    };
    await add('Long text', 'What should we improve?');
    await questions.nth(1).getByLabel('Ask only when an earlier answer…').check();
    await questions.nth(1).getByLabel(/: comparison$/).selectOption({ label: 'is at most' });
    await questions.nth(1).getByLabel(/: value$/).fill('6');
    await add('Yes / no', 'Will you come next year?');
    await add('Email', 'Your email');
    // the email moves above the yes/no question by keyboard: its "up" button, reached by focus and pressed with Enter
    await page.getByRole('button', { name: 'Move “Your email” up', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => questions.nth(2).getByRole('textbox', { name: 'Question', exact: true }).inputValue()).toBe('Your email');
    await page.getByRole('button', { name: 'Create survey' }).click();
    await toast(page, 'Survey created successfully.').waitFor();
    await page.waitForURL(/\/surveys\/\d+$/);
    surveyId = Number(new URL(page.url()).pathname.split('/').pop());
    publicUrl = await page.getByLabel('Public link').inputValue();
    const fields = await apiCall(page, 'GET', `/surveys/${surveyId}/fields`);
    expect((fields.json.data as unknown as { label: string }[]).map((f) => f.label)).toEqual(['How likely are you to recommend the fair?', 'What should we improve?', 'Your email', 'Will you come next year?']);
  });

  it('is answered on its public link, the skipped question appearing only for a low score', async () => {
    await page.goto(publicUrl);
    await page.getByRole('heading', { name: 'Fair feedback', level: 1 }).waitFor();
    await expect.poll(() => page.getByLabel('What should we improve?').count()).toBe(0);
    await page.getByRole('radiogroup').first().getByText('4', { exact: true }).click();
    await page.getByLabel('What should we improve?').fill('More shade and more water stands');
    await page.getByLabel('Your email').fill('visitor@example.test');
    await page.getByRole('radiogroup').nth(1).getByText('Yes', { exact: true }).click();
    await page.getByRole('button', { name: 'Send answers' }).click();
    await page.getByText('Thank you for helping us grow!').waitFor();
  });

  it('is answered inside a CMS page through its survey block', async () => {
    const made = await apiCall(page, 'POST', '/cms/pages/store', { title: 'Fair', slug: 'fair', blocks: [{ id: 'b1', type: 'survey', survey_id: surveyId, label: 'Give feedback', intro: 'Two minutes, no more.' }] });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    expect((await apiCall(page, 'POST', `/cms/pages/${made.json.data!.id}/publish`, {})).status).toBe(200);
    pageUrl = (await apiCall(page, 'GET', `/cms/pages/get-page/${made.json.data!.id}`)).json.data!.public_url as string;
    await page.goto(pageUrl);
    await page.getByRole('link', { name: 'Give feedback' }).click();
    await page.getByRole('heading', { name: 'Fair feedback', level: 1 }).waitFor();
    await page.getByRole('link', { name: '← Fair' }).waitFor();
    await page.getByRole('radiogroup').first().getByText('10', { exact: true }).click();
    await page.getByRole('radiogroup').nth(1).getByText('No', { exact: true }).click();
    // a promoter is not asked what to improve
    expect(await page.getByLabel('What should we improve?').count()).toBe(0);
    await page.getByRole('button', { name: 'Send answers' }).click();
    await page.getByText('Thank you for helping us grow!').waitFor();
  });

  it('shows a chart per question and exports one row per response', async () => {
    await page.goto(`/surveys/${surveyId}/results`);
    await page.getByRole('heading', { name: 'Results: Fair feedback', level: 1 }).waitFor();
    const nps = page.locator('section, div').filter({ has: page.getByRole('heading', { name: 'How likely are you to recommend the fair?' }) }).last();
    await nps.getByText('NPS').waitFor();
    await page.getByRole('img', { name: /Answers to “How likely are you to recommend the fair\?”/ }).waitFor();
    await page.getByRole('list', { name: 'Most frequent words in “What should we improve?”' }).getByText('shade').waitFor();
    await page.getByText('visitor@example.test').waitFor();
    const file = await download(page, page.getByRole('button', { name: 'Export CSV' }));
    expect(file.name).toMatch(new RegExp(`^survey-${surveyId}-responses-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const lines = csvLines(file.body);
    expect(lines[0]).toBe('Response ID,Submitted at,Contact,How likely are you to recommend the fair?,What should we improve?,Your email,Will you come next year?');
    expect(lines).toHaveLength(3);
    // the event's page lists its survey with the event's responses (GET /events/get-surveys/{id})
    await page.goto(`/events/${eventId}`);
    const surveys = page.locator('section, div').filter({ has: page.getByRole('heading', { name: 'Surveys', level: 2 }) }).last();
    await surveys.getByRole('link', { name: 'Fair feedback' }).waitFor();
    await surveys.getByText('2 responses').waitFor();
  });

  it('is sent to a segment by SMS from its page: each contact gets their own link, and the send is listed', async () => {
    at = await startAfricasTalkingStandIn({ port: inject('smsStandIns').africastalkingPort });
    await fundCompany(page, 100);
    // whatever the hour of the run: quiet hours would hold the send until morning
    const rules = await apiCall(page, 'PUT', '/sms/settings', { quiet_hours_enabled: false, quiet_start: '20:00', quiet_end: '08:00', pause_error_rate: 20, pause_min_sample: 200, sender_ids: [] });
    expect(rules.status, JSON.stringify(rules.json)).toBe(200);
    const segmentName = `Fair visitors ${Date.now().toString(36)}`;
    const ids: number[] = [];
    for (const [name, phone] of [['Wanjiru', '+254712000301'], ['Otieno', '+254712000302']]) {
      const made = await apiCall(page, 'POST', '/contacts/store', { first_name: name, phone, consent_sms: 'granted' });
      expect(made.status, JSON.stringify(made.json)).toBe(201);
      ids.push(made.json.data!.id);
    }
    const segment = await apiCall(page, 'POST', '/segments/store', { name: segmentName, type: 'static' });
    expect((await apiCall(page, 'POST', `/segments/add-contacts/${segment.json.data!.id}`, { contact_ids: ids })).status).toBe(200);

    await page.goto(`/surveys/${surveyId}`);
    const form = page.getByRole('form', { name: 'Send the survey' });
    await form.getByRole('combobox', { name: 'Segments' }).click();
    await form.getByRole('combobox', { name: 'Segments' }).fill(segmentName.slice(0, 12));
    await page.getByRole('option', { name: new RegExp(segmentName) }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => form.getByLabel('SMS', { exact: true }).isChecked()).toBe(true);
    await form.getByRole('button', { name: 'Send survey' }).click();
    await toast(page, 'Send Successfully').waitFor();
    await expect.poll(() => at!.received().filter((m) => /\/s\//.test(m.message)).length, { timeout: 20_000 }).toBe(2);
    const links = at.received().map((m) => /(https?:\/\/\S+\/s\/\S+)/.exec(m.message)![1]);
    expect(new Set(links).size).toBe(2);
    expect(at.received().find((m) => m.to === '+254712000301')!.message).toMatch(/^Hi Wanjiru, /);
    // the send is listed on the survey's page with its figures
    const sends = page.getByRole('table', { name: 'Sends of the survey' });
    await sends.getByText(new RegExp(`Segment: ${segmentName}`)).waitFor();
    await expect.poll(() => sends.getByRole('row').nth(1).getByRole('cell').nth(4).textContent(), { timeout: 20_000 }).toBe('2');
  });

  it('closes: the public link and the page then show the closed page', async () => {
    await page.goto(`/surveys/${surveyId}`);
    await page.getByRole('button', { name: 'Close Fair feedback' }).click();
    await toast(page, 'Survey closed successfully.').waitFor();
    await page.goto(publicUrl);
    await page.waitForURL(/\/closed$/);
    await page.getByText('This survey is closed.').waitFor();
    await page.goto(`${pageUrl}/survey`);
    await page.getByText('This survey is closed.').waitFor();
  });

  it('looks right in dark mode and right to left', async () => {
    for (const [name, setup] of [
      ['dark', () => localStorage.setItem('darkMode', 'true')],
      [
        'rtl',
        () => {
          localStorage.clear();
          localStorage.setItem('direction', 'rtl');
        },
      ],
    ] as const) {
      await page.evaluate(setup);
      for (const url of [`/surveys/${surveyId}`, `/surveys/${surveyId}/results`, `/surveys/${surveyId}/edit`, '/surveys', new URL(publicUrl).pathname]) {
        await page.goto(url);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' }).catch(() => undefined);
        await settled(page);
        await expectNoSeriousViolations(page, `${url} (${name})`);
      }
    }
    // reopened, the public form is back
    await page.evaluate(() => localStorage.clear());
    expect((await apiCall(page, 'POST', `/surveys/open-survey/${surveyId}`, {})).status).toBe(200);
    await page.goto(publicUrl);
    await page.getByRole('button', { name: 'Send answers' }).waitFor();
    await expectNoSeriousViolations(page, 'Surveys/View');
    expect(browser.pageErrors).toEqual([]);
  });
});
