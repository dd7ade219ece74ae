import type { FastifyInstance } from 'fastify';
import { defineModule } from '../kazi-module.js';
import { seedDemoSurveys } from './demo.js';
import { surveyPages } from './pages.js';
import { surveyPublicRoutes } from './public.js';
import { resultRoutes } from './results.js';
import { surveyRoutes } from './routes.js';
import { surveySendRoutes } from './sends.js';

async function surveysPlugin(app: FastifyInstance) {
  resultRoutes(app);
  surveyRoutes(app);
  surveySendRoutes(app);
  surveyPages(app);
  surveyPublicRoutes(app);
}

/** Surveys: the builder, public answering (own link, CMS pages, personal links), results and exports (SPEC §2 Surveys, §7; issue 20; docs/decisions/0048-surveys.md). */
export const surveysModule = defineModule({
  name: 'surveys',
  plugin: surveysPlugin,
  seedDemo: seedDemoSurveys,
});
