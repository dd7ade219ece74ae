import { defineModule } from '../kazi-module.js';
import { authRoutes } from './routes.js';

export const authModule = defineModule({ name: 'auth', plugin: authRoutes });
