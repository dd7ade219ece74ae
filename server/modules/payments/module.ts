import type { FastifyInstance } from 'fastify';
import { defineModule } from '../kazi-module.js';
import { paymentRoutes } from './routes.js';
import { paymentJobs } from './sweep.js';

async function paymentsPlugin(app: FastifyInstance) {
  paymentJobs(app);
  await app.register(paymentRoutes);
}

export const paymentsModule = defineModule({ name: 'payments', plugin: paymentsPlugin });
