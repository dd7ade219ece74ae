import { defineModule } from '../kazi-module.js';
import { seedDemoOutreach } from './demo.js';
import { outreachRoutes } from './routes.js';

export const outreachModule = defineModule({
  name: 'outreach',
  plugin: outreachRoutes,
  seedDemo: seedDemoOutreach,
});
