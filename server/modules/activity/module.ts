import { defineModule } from '../kazi-module.js';
import { activityLogger } from './logger.js';

export const activityModule = defineModule({ name: 'activity', plugin: activityLogger });
