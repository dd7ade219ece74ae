import type { FastifyInstance } from 'fastify';
import { defineModule } from '../kazi-module.js';
import { seedDemoChat } from './demo.js';
import { chatLive } from './live.js';
import { chatRoutes } from './routes.js';

/** Chat (SPEC §2 Chat, §7 Chat; issue 22): direct and group threads between a company's members, pushed live. */
export const chatModule = defineModule({
  name: 'chat',
  plugin: async (app: FastifyInstance) => {
    // TEMPORARY until the realtime layer lands: nothing is pushed
    chatRoutes(app, chatLive(() => undefined));
  },
  seedDemo: seedDemoChat,
});
