import type { FastifyInstance } from 'fastify';
import { defineModule } from '../kazi-module.js';
import { seedDemoChat } from './demo.js';
import { chatLive, defineThreadChannel } from './live.js';
import { chatRoutes } from './routes.js';

/** Chat (SPEC §2 Chat, §7 Chat; issue 22): direct and group threads between a company's members, pushed live. */
export const chatModule = defineModule({
  name: 'chat',
  plugin: async (app: FastifyInstance) => {
    defineThreadChannel();
    chatRoutes(app, chatLive);
  },
  seedDemo: seedDemoChat,
});
