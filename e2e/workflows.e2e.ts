import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './a11y';
import { apiCall, inviteColleague, openBrowser, registerTenant, reportFailure, toast, type Browser, type Tenant } from './browser';

// Issue 21 (workflows and tasks) with two members, each in their own browser: the owner attaches a
// workflow with an approval step to an event of a group and sees its tasks made with their due
// dates; the colleague (an organiser who does not organise the event) starts the task and completes
// it with a file from the media library; the owner, its approver, sends it back with a reason; the
// colleague completes it again and the owner approves it. The group's dashboard and the calendar
// show it; the pages read well in dark mode and right to left.

const now = new Date();
const ym = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
const EVENT_DAY = `${ym}-20`;
const DUE_DAY = `${ym}-13`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const TASK = 'Venue contract';

describe('workflows and tasks (issue 21)', () => {
  let owner: Browser;
  let mate: Browser;
  let page: Page;
  let other: Page;
  let tenant: Tenant;
  let eventId = 0;
  let groupId = 0;
  const colleague = { name: `Baraka Tasks ${Date.now().toString(36)}`, email: `baraka-${Date.now().toString(36)}@example.com`, role: 'Organiser' };

  const openTask = async (p: Page) => {
    await p.goto(`/events/${eventId}/tasks`);
    await p.getByRole('button', { name: TASK, exact: true }).click();
    return p.getByRole('dialog', { name: TASK });
  };
  const completeWithFile = async (p: Page) => {
    const panel = p.getByRole('dialog', { name: TASK });
    await panel.getByRole('button', { name: 'Choose from the media library' }).click();
    await panel.getByRole('button', { name: /Choose contract/ }).click();
    await panel.getByText('contract').first().waitFor();
    await panel.getByRole('button', { name: 'Complete and hand in for approval' }).click();
    await toast(p, 'Task completed successfully').waitFor();
    await panel.getByText('Waiting for approval').first().waitFor();
  };

  beforeAll(async () => {
    owner = await openBrowser();
    page = owner.page;
    tenant = await registerTenant(page);
    // the file the colleague will hand in, in the company's media library
    await page.goto('/media-library');
    await page.getByTestId('media-upload-input').setInputFiles([{ name: 'contract.pdf', mimeType: 'application/pdf', buffer: PDF }]);
    await toast(page, 'File uploaded successfully').waitFor();
    const group = await apiCall(page, 'POST', '/groups/store', { name: 'Harvest fairs' });
    expect(group.status, JSON.stringify(group.json)).toBe(201);
    groupId = group.json.data!.id;
    const event = await apiCall(page, 'POST', '/events/store', { name: 'Harvest fair', group_id: groupId, starts_at: `${EVENT_DAY}T10:00`, ends_at: `${EVENT_DAY}T16:00`, status: 'active' });
    expect(event.status, JSON.stringify(event.json)).toBe(201);
    eventId = event.json.data!.id;
    mate = await inviteColleague(page, colleague);
    other = mate.page;
  });
  afterEach(async (context) => {
    await reportFailure(context, owner, 'workflows-owner');
    await reportFailure(context, mate, 'workflows-colleague');
  });
  afterAll(async () => {
    await mate?.close();
    await owner?.close();
  });

  it('attaches a workflow with an approval step to the event and sees its tasks made, due a week before', async () => {
    await page.goto(`/events/${eventId}`);
    await page.getByRole('link', { name: 'Tasks' }).click();
    await page.waitForURL(new RegExp(`/events/${eventId}/tasks$`));
    await page.getByText('No tasks yet').waitFor();
    await page.getByRole('textbox', { name: 'New workflow' }).fill('Fair preparation');
    await page.getByRole('button', { name: 'Attach workflow' }).click();
    await toast(page, 'Workflow created successfully.').waitFor();
    await page.getByRole('heading', { name: /Fair preparation/ }).waitFor();

    await page.getByRole('button', { name: 'Add task template' }).click();
    const form = page.getByRole('form', { name: 'New task template' });
    await form.getByRole('button', { name: 'Add task template' }).click();
    await form.getByText('The title field is required.').first().waitFor();
    await form.getByLabel(/^Task/).fill(TASK);
    await form.getByLabel('Assign to').selectOption({ label: colleague.name });
    await form.getByLabel('Due (days)').fill('7');
    await form.getByLabel('Completing it requires').selectOption('file');
    await form.getByLabel('Needs approval').check();
    await form.getByLabel('Approved by').selectOption({ label: tenant.name });
    await form.getByRole('button', { name: 'Add task template' }).click();
    await toast(page, 'Task template created successfully').waitFor();
    // the list of templates is fetched again, and the event's task made from it
    await page.getByRole('list', { name: 'Task templates' }).getByText(TASK).waitFor();
    await page.getByText('7 days before the event').waitFor();
    const row = page.getByRole('row').filter({ hasText: TASK });
    await row.getByText(colleague.name).waitFor();
    await row.getByText('To do').waitFor();
    const tasks = await apiCall(page, 'GET', `/tasks/event/${eventId}`);
    expect((tasks.json as unknown as { data: { due_at: string }[] }).data[0].due_at).toBe(`${DUE_DAY}T10:00:00Z`);

    // a second step, moved above the first with the keyboard
    await page.getByRole('button', { name: 'Add task template' }).click();
    await form.getByLabel(/^Task/).fill('Print posters');
    await form.getByRole('button', { name: 'Add task template' }).click();
    await toast(page, 'Task template created successfully').waitFor();
    const handle = page.getByRole('button', { name: 'Move Print posters' });
    await handle.focus();
    // Space lifts it (the handle says it is pressed), an arrow moves it, Space drops it
    await page.keyboard.press('Space');
    await expect.poll(() => handle.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => page.getByRole('listitem').filter({ hasText: 'Print posters' }).getAttribute('style')).toContain('translate');
    // dropped only once the step it moved over has made way for it (the drop takes the place it is over then)
    await expect.poll(() => page.getByRole('list', { name: 'Task templates' }).getByRole('listitem').filter({ hasText: TASK }).getAttribute('style')).toContain('translate');
    await page.keyboard.press('Space');
    await expect.poll(async () => (await page.getByRole('list', { name: 'Task templates' }).getByRole('listitem').first().textContent()) ?? '').toContain('Print posters');
    await expect
      .poll(async () => ((await apiCall(page, 'GET', `/task-templates/json?workflow_id=${(await firstWorkflow(page, eventId))}&paginate=false`)).json as unknown as { title: string }[]).map((t) => t.title))
      .toEqual(['Print posters', TASK]);
  });

  it('the assignee starts the task and completes it with a file from the media library', async () => {
    const panel = await openTask(other);
    await panel.getByRole('button', { name: 'Start' }).click();
    await toast(other, 'Task started successfully').waitFor();
    await panel.getByText('In progress').first().waitFor();
    // a file is required
    await panel.getByRole('button', { name: 'Complete and hand in for approval' }).click();
    await panel.getByText('Choose a file from the media library.').waitFor();
    await completeWithFile(other);
  });

  it('the approver sends it back with a reason; the assignee completes it again; the approver approves it', async () => {
    let panel = await openTask(page);
    await panel.getByRole('button', { name: 'Reject' }).click();
    await panel.getByRole('button', { name: 'Send back' }).click();
    await panel.getByText('The reason field is required.').first().waitFor();
    await panel.getByLabel(/^Reason/).fill('Attach the signed copy');
    await panel.getByRole('button', { name: 'Send back' }).click();
    await toast(page, 'Task rejected').waitFor();

    panel = await openTask(other);
    await panel.getByText('Sent back: Attach the signed copy').waitFor();
    await panel.getByRole('textbox', { name: 'Comment', exact: true }).fill('Signed copy attached now');
    await panel.getByRole('button', { name: 'Add comment' }).click();
    await toast(other, 'Comment added successfully').waitFor();
    await completeWithFile(other);

    panel = await openTask(page);
    await panel.getByText('Signed copy attached now').waitFor();
    await panel.getByRole('button', { name: 'Approve' }).click();
    await toast(page, 'Task approved successfully').waitFor();
    await panel.getByText('Approved', { exact: true }).first().waitFor();
    await panel.getByText(/sent it back: Attach the signed copy/).waitFor();
  });

  it('shows on the group’s dashboard and, with its due date, on the calendar', async () => {
    await page.goto(`/groups/${groupId}`);
    await page.getByRole('link', { name: 'Workflow dashboard' }).click();
    await page.waitForURL(new RegExp(`/groups/${groupId}/workflows/dashboard$`));
    // one of the event's two tasks finished, none waiting for approval
    await page.getByRole('row').filter({ hasText: 'Harvest fair' }).getByText('1 / 2').waitFor();
    const dash = (await apiCall(page, 'GET', `/workflows/dashboard/${groupId}`)).json.data as unknown as { by_status: Record<string, number>; waiting_approval: number };
    expect(dash.by_status).toMatchObject({ approved: 1, todo: 1 });
    expect(dash.waiting_approval).toBe(0);
    await page.getByRole('img', { name: 'Tasks by status' }).waitFor();

    await page.goto('/calendar');
    const day = page.locator(`.fc-daygrid-day[data-date="${DUE_DAY}"]`);
    await day.locator('.fc-event', { hasText: `Task: ${TASK}` }).waitFor();
    await page.locator(`.fc-daygrid-day[data-date="${EVENT_DAY}"]`).locator('.fc-event', { hasText: 'Harvest fair' }).waitFor();
    await day.locator('.fc-event', { hasText: `Task: ${TASK}` }).click();
    await page.waitForURL(new RegExp(`/events/${eventId}/tasks\\?task=\\d+$`));
    await page.getByRole('dialog', { name: TASK }).getByText('Approved', { exact: true }).first().waitFor();
  });

  it('adds a task by hand, then reads well: Events/Tasks and the workflow pages in dark mode and right to left', async () => {
    await page.goto(`/events/${eventId}/tasks`);
    await page.getByRole('button', { name: 'Add a task' }).click();
    const form = page.getByRole('form', { name: 'New task' });
    await form.getByLabel(/^Title/).fill('Hire a tent');
    await form.getByLabel('Assign to').selectOption({ label: colleague.name });
    await form.getByLabel('Due on').fill(`${ym}-18`);
    await form.getByRole('button', { name: 'Add task' }).click();
    await toast(page, 'Task created successfully.').waitFor();
    await page.getByRole('row').filter({ hasText: 'Hire a tent' }).getByText(colleague.name).waitFor();
    for (const mode of ['dark', 'rtl'] as const) {
      await page.evaluate((m) => {
        localStorage.setItem('darkMode', String(m === 'dark'));
        localStorage.setItem('direction', m === 'rtl' ? 'rtl' : 'ltr');
      }, mode);
      await page.goto(`/events/${eventId}/tasks`);
      await page.getByRole('row').filter({ hasText: TASK }).waitFor();
      await expectNoSeriousViolations(page, `Events/Tasks (${mode})`);
      await page.goto(`/groups/${groupId}/workflows`);
      await page.getByText('No workflow is attached yet.').waitFor();
      await expectNoSeriousViolations(page, `Groups/WorkflowsIndex (${mode})`);
      await page.goto(`/groups/${groupId}/workflows/dashboard`);
      await page.getByRole('link', { name: 'Harvest fair' }).waitFor();
      await expectNoSeriousViolations(page, `Groups/WorkflowsDashboard (${mode})`);
    }
    await page.evaluate(() => {
      localStorage.setItem('darkMode', 'false');
      localStorage.setItem('direction', 'ltr');
    });
  });
});

async function firstWorkflow(page: Page, eventId: number): Promise<number> {
  const list = await apiCall(page, 'GET', `/workflows/json?context_id=${eventId}&paginate=false`);
  return (list.json as unknown as { id: number }[])[0].id;
}
