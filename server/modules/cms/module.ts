import { defineModule } from '../kazi-module.js';
import { seedDemoPages } from './demo.js';
import { cmsRoutes } from './routes.js';

/** CMS pages (SPEC §2 Pages, §7 CMS pages; issue 18): the block editor's drafts and revisions, publishing and the public view. */
export const cmsModule = defineModule({
  name: 'cms',
  plugin: cmsRoutes,
  seedDemo: seedDemoPages,
});
