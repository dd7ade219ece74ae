import { defineModule } from '../kazi-module.js';

/** The delivery engine (docs/decisions/0035): one outbox for every channel's recipients. */
export const deliveryModule = defineModule({ name: 'delivery' });
