import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.js';
import type { Tx } from '../db/client.js';
import type { SearchKind } from '../http/search.js';

/**
 * What an area of Kazi hands to the rest of the app (docs/decisions/0016-module-boundaries.md):
 * one Fastify plugin with everything it serves, and its own steps in creating a company and
 * the demo company. A new area writes one of these in `<area>/module.ts` and adds it to the
 * list in `registry.ts`; nothing else outside its folder changes.
 */
export interface KaziModule {
  /** the area's folder under server/modules/ */
  name: string;
  /** its routes, pages, jobs and webhooks; areas with only tables have none */
  plugin?: FastifyPluginAsync;
  /** what every new company starts with in this area (roles, the books' default currency…) */
  setUpCompany?: CompanyStep;
  /** the demo company's records of this area */
  seedDemo?: DemoStep;
  /** the kinds of record the top bar's search finds in this area (server/http/search.ts) */
  search?: SearchKind[];
}

export interface NewCompany {
  tenantId: number;
  /** the user who created it, its owner */
  ownerId: number;
  /** the default currency of the books as an ISO code, when the form gave one */
  currency?: string;
  /** made by registration: the company goes through onboarding (plan, trial or payment) before it works */
  onboarding?: boolean;
}

export interface DemoCompany {
  tenantId: number;
  ownerId: number;
  /** the day the demo's dates count back from */
  today: Date;
  /** the app's configuration when the demo is seeded by the app or `npm run db:seed` (where files are stored); absent in bare tests */
  config?: Config;
}

/**
 * Runs in the transaction that creates the company, as the app role under row-level security
 * with the new tenant set, after the steps of the areas listed before this one.
 */
export type CompanyStep = (tx: Tx, company: NewCompany) => Promise<void>;
/** Runs in the demo company's tenant transaction, after the demo steps of the areas listed before. */
export type DemoStep = (tx: Tx, demo: DemoCompany) => Promise<void>;

export const defineModule = (m: KaziModule): KaziModule => m;

let installed: readonly KaziModule[] | null = null;

/** Called once by registry.ts with every module in dependency order. */
export function installModules(modules: readonly KaziModule[]) {
  installed = modules;
}

/**
 * The installed modules, in order. Creating a company without them would make one without
 * books, so this refuses rather than answering an empty list.
 */
export function installedModules(): readonly KaziModule[] {
  if (!installed) throw new Error('No Kazi modules installed: import server/modules/registry.ts (server/app.ts does) first.');
  return installed;
}
