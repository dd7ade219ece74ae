import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { defineModule } from '../kazi-module.js';
import { operatorCompanyRoutes } from './companies.js';
import { operatorOfRequest, operatorOnly } from './operators.js';

/**
 * The platform operator's area (docs/decisions/0031): every request can tell whether its user is
 * an operator (the shell shows the Operator menu by it), /operator opens the area's first page,
 * and the operator's pages pick companies from /operator/companies/json.
 */
const platformPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('isOperator', operatorOfRequest);
    app.get('/operator', operatorOnly, (_req, reply) => reply.redirect('/operator/payments'));
    operatorCompanyRoutes(app);
  },
  { name: 'kazi-platform' },
);

export const platformModule = defineModule({ name: 'platform', plugin: platformPlugin });
