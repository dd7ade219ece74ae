import { defineModule } from '../kazi-module.js';
import { deliveryJobs } from './jobs.js';

/** The delivery engine (docs/decisions/0035-delivery-engine.md): one outbox for every channel's recipients. */
export const deliveryModule = defineModule({ name: 'delivery', plugin: deliveryJobs });
