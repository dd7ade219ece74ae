import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { attachmentCleanup } from '../../http/attachments.js';
import { defineModule } from '../kazi-module.js';

// The routes are the owners' (attachmentRoutes under each owner's base); this module removes
// the files of a deleted owner once its request has succeeded. At the root (fastify-plugin),
// so the hook sees every owner's routes.
export const attachmentsModule = defineModule({
  name: 'attachments',
  plugin: fp(async (app: FastifyInstance) => attachmentCleanup(app), { name: 'kazi-attachments' }),
});
