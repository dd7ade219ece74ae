import type { FastifyInstance } from 'fastify';
import { defineModule } from '../kazi-module.js';
import { seedDemoRsvp } from './demo.js';
import { rsvpJobs } from './jobs.js';
import { rsvpPages } from './pages.js';
import { rsvpPublicRoutes } from './public.js';
import { rsvpRoutes } from './routes.js';

async function rsvpPlugin(app: FastifyInstance) {
  rsvpRoutes(app);
  rsvpPages(app);
  await rsvpPublicRoutes(app);
  await rsvpJobs(app);
}

/** RSVP: invitations, the public answer form, capacity and waitlist, reminders and check-in (SPEC §2 Events/Rsvp*, §7; issue 19; docs/decisions/0043-rsvp.md). */
export const rsvpModule = defineModule({
  name: 'rsvp',
  plugin: rsvpPlugin,
  seedDemo: seedDemoRsvp,
});
