import { defineModule } from '../kazi-module.js';
import { notificationRoutes } from './routes.js';
import { notify } from './service.js';

export const notificationsModule = defineModule({
  name: 'notifications',
  plugin: notificationRoutes,
  seedDemo: (tx, { tenantId, ownerId: userId }) =>
    notify(tx, tenantId, [
      { userId, type: 'welcome', title: 'Welcome to Kazi', body: 'Acme is ready: customers, vendors and taxes are set up.', url: '/dashboard' },
      { userId, type: 'customer.created', title: 'New customer: Baobab Traders', body: 'Added today.', url: null },
      { userId, type: 'security', title: 'Signed in from a new browser', body: 'If this was not you, change your password.', url: '/profile/account' },
    ]),
});
