import { defineModule } from '../kazi-module.js';
import { profileRoutes } from './routes.js';

export const profileModule = defineModule({ name: 'profile', plugin: profileRoutes });
