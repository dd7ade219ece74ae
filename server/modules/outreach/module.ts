import { defineModule } from '../kazi-module.js';
import { seedDemoOutreach } from './demo.js';
import { outreachRoutes } from './routes.js';
import { outreachSearch } from './search.js';

export const outreachModule = defineModule({
  name: 'outreach',
  plugin: outreachRoutes,
  seedDemo: seedDemoOutreach,
  search: outreachSearch,
});
