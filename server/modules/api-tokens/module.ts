import { defineModule } from '../kazi-module.js';
import { apiTokenRoutes } from './routes.js';

// The tokens' own pages and endpoints; reading a token on each request is the platform's (server/plugins/api-token.ts).
export const apiTokensModule = defineModule({ name: 'api-tokens', plugin: apiTokenRoutes });
