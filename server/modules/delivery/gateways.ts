import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';

/** a provider callback as a log driver hands it over */
export interface PostedCallback {
  url: string;
  headers: Record<string, unknown>;
  rawBody: Buffer;
}

/**
 * A channel's provider drivers, built once per app (the first call builds them; tests replace
 * one with `.set(name, gateway)`). Each channel keeps one of these.
 */
export function driversPerApp<K, G>(build: (app: FastifyInstance) => Map<K, G>) {
  const built = new WeakMap<AppContext, Map<K, G>>();
  return (app: FastifyInstance): Map<K, G> => {
    let map = built.get(app.ctx);
    if (!map) {
      map = build(app);
      built.set(app.ctx, map);
    }
    return map;
  };
}

/** where a log driver posts the callbacks it makes up: into this app's own webhook route, as the provider would */
export const ownWebhook = (app: FastifyInstance) => async (w: PostedCallback) => {
  await app.inject({ method: 'POST', url: w.url, headers: w.headers as Record<string, string>, payload: w.rawBody });
};

/** the first configured driver, the default */
export function firstDriver<K>(drivers: Map<K, unknown>, setting: string): K {
  const first = [...drivers.keys()][0];
  if (first === undefined) throw new Error(`No driver is enabled (${setting}).`);
  return first;
}
