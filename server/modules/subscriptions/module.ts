import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { installAllowanceCheck } from '../../http/allowance.js';
import { defineModule } from '../kazi-module.js';
import { registerSubscriptionPurpose } from './billing.js';
import { seedDemoSubscription } from './demo.js';
import { subscriptionGate } from './gate.js';
import { subscriptionJobs } from './jobs.js';
import { onboardingRoutes } from './onboarding.js';
import { planRoutes } from './plans.js';
import { subscriptionRoutes } from './routes.js';
import { checkPlanAllowance } from './state.js';

/**
 * Plans, onboarding and subscriptions (issue 24; docs/decisions/0046-plans-and-subscriptions.md).
 * Not encapsulated: its gate (onboarding, read-only, the plan's areas) applies to every route
 * of the app, and its allowance check answers the areas' limit questions (server/http/allowance.ts).
 */
const subscriptionsPlugin = fp(
  async (app: FastifyInstance) => {
    installAllowanceCheck(checkPlanAllowance);
    registerSubscriptionPurpose();
    subscriptionGate(app);
    planRoutes(app);
    onboardingRoutes(app);
    subscriptionRoutes(app);
    subscriptionJobs(app);
  },
  { name: 'kazi-subscriptions' },
);

export const subscriptionsModule = defineModule({
  name: 'subscriptions',
  plugin: subscriptionsPlugin,
  // a company made by registration goes through onboarding; one made by the platform (the CLI,
  // the tests, the demo before its own step) is complimentary: no limits, no end
  setUpCompany: async (tx, company) => {
    await tx.execute(
      sql`insert into subscriptions (tenant_id, status, onboarding_step, currency)
          values (${company.tenantId}, ${company.onboarding ? 'onboarding' : 'complimentary'}, ${company.onboarding ? 'company' : 'done'}, ${company.currency ?? 'USD'})`,
    );
  },
  seedDemo: seedDemoSubscription,
});
