import { defineModule } from '../kazi-module.js';
import { dashboardRoutes } from './routes.js';

export const dashboardModule = defineModule({ name: 'dashboard', plugin: dashboardRoutes });
