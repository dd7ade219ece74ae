import type { FastifyInstance } from 'fastify';
import { onEventSaved } from '../campaigns/events.js';
import { defineModule } from '../kazi-module.js';
import './calendar.js';
import { dashboardRoutes } from './dashboard.js';
import { seedDemoWorkflows } from './demo.js';
import { followEventDate } from './generate.js';
import { workflowJobs } from './jobs.js';
import { workflowPages } from './pages.js';
import { generateAndTell, workflowRoutes } from './routes.js';
import { taskRoutes } from './tasks.js';
import { sendMails } from './tell.js';

// an event made in a group (or moved into one) gets the tasks of the group's workflows; a moved event's tasks follow its date
onEventSaved(async (tx, req, event, previous) => {
  const id = Number(event.id);
  if (previous && previous.starts_at !== event.starts_at) await followEventDate(tx, req.tenant!.id, id);
  if (!previous || previous.group_id !== event.group_id) {
    const { mails } = await generateAndTell(tx, req, { eventId: id });
    // queued before the commit: the event's write is done by now, and a mail names only the tasks just made
    await sendMails(req.server, mails);
  }
});

async function workflowsPlugin(app: FastifyInstance) {
  workflowRoutes(app);
  dashboardRoutes(app);
  taskRoutes(app);
  workflowPages(app);
  workflowJobs(app);
}

/** Workflows, task templates and tasks with their approval flow, on events and groups and in the calendar (SPEC §2 Events/Tasks, Groups/Workflows*, §7; issue 21; decision 0049). */
export const workflowsModule = defineModule({
  name: 'workflows',
  plugin: workflowsPlugin,
  seedDemo: seedDemoWorkflows,
});
