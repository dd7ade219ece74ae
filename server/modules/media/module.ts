import type { FastifyInstance } from 'fastify';
import { defineModule } from '../kazi-module.js';
import { seedDemoMedia } from './demo.js';
import { mediaJobs } from './jobs.js';
import { mediaRoutes } from './routes.js';

/** The media library (SPEC §2 media library, §7 Media; issue 18): folders, uploads, image sizes, serving. */
export const mediaModule = defineModule({
  name: 'media',
  plugin: async (app: FastifyInstance) => {
    mediaJobs(app);
    mediaRoutes(app);
    app.get('/media-library', { config: { access: 'media.view' } }, (req, reply) =>
      reply.inertia('Media/Index', { quota: app.ctx.config.media.quotaBytes }),
    );
  },
  seedDemo: seedDemoMedia,
});
