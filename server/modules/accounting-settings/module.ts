import { defineModule } from '../kazi-module.js';
import { accountingSettingsRoutes } from './routes.js';

export const accountingSettingsModule = defineModule({ name: 'accounting-settings', plugin: accountingSettingsRoutes });
