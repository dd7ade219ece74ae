import { defineModule } from '../kazi-module.js';
import { outreachRoutes } from './routes.js';

export const outreachModule = defineModule({
  name: 'outreach',
  plugin: outreachRoutes,
});
