import { defineModule } from '../kazi-module.js';
import { realtimeRoutes } from './routes.js';

/**
 * Realtime (issue 22; docs/decisions/0044-realtime.md): Echo's `/broadcasting/auth` and
 * `/broadcasting/user-auth`, the channels every company has, the record of presence and the
 * admin's figures. The websocket server itself and `broadcast()` are the platform's
 * (server/realtime), so every module can publish.
 */
export const realtimeModule = defineModule({
  name: 'realtime',
  plugin: realtimeRoutes,
});
