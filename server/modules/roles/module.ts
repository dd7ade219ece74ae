import { defineModule } from '../kazi-module.js';
import { rolesRoutes } from './routes.js';

export const rolesModule = defineModule({ name: 'roles', plugin: rolesRoutes });
