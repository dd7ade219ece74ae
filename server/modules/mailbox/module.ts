import type { FastifyInstance } from 'fastify';
import { defineModule } from '../kazi-module.js';
import { seedDemoMailbox } from './demo.js';
import { mailboxRoutes } from './routes.js';
import { mailboxJobs } from './sync.js';

/** Mailbox (SPEC §2 Mail and Mailbox, §7 Mailbox; issue 23): a member's IMAP/SMTP accounts synced into Kazi, read, searched, answered. */
export const mailboxModule = defineModule({
  name: 'mailbox',
  plugin: async (app: FastifyInstance) => {
    mailboxJobs(app.ctx.queue, app.ctx.config, app.ctx.database, app.log);
    mailboxRoutes(app);
  },
  seedDemo: seedDemoMailbox,
});
