/**
 * Server side of the Inertia.js protocol (as read by @inertiajs/core v3) as a Fastify plugin.
 *
 * First visit → HTML with the page object in <script data-page="app">; `X-Inertia: true`
 * visit → the page object as JSON. Version checks, partial reloads, deferred/merge props, error
 * bags and the 303-after-non-GET rule live here so route handlers only call reply.inertia().
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { buildPage, firstMessages, headerList, pageHtml, type InertiaPage } from './page.js';

export { always, defer, lazy, merge, optional, InertiaProp } from './props.js';
export type { PropFlags, PropSource } from './props.js';
export { serializePage, pageHtml } from './page.js';
export type { InertiaPage } from './page.js';

export interface InertiaFlashStore {
  put(req: FastifyRequest, key: string, value: unknown): void | Promise<void>;
  /** read-and-forget */
  pull(req: FastifyRequest, key: string): unknown | Promise<unknown>;
  /** keep flash for one more request (used on 409, whose follow-up full visit must still see it) */
  reflash?(req: FastifyRequest): void | Promise<void>;
}

export interface InertiaOptions {
  /** current asset version; a client holding another one is sent a full page load */
  version: () => string;
  /** pageHtml = the escaped <script data-page="app" …>…</script><div id="app"></div> */
  renderRoot: (pageHtml: string, page: InertiaPage, req: FastifyRequest) => string | Promise<string>;
  share?: (req: FastifyRequest) => Record<string, unknown> | Promise<Record<string, unknown>>;
  flash: InertiaFlashStore;
  /** the request's Content-Security-Policy nonce, put on the page object's script tag */
  nonce?: (req: FastifyRequest) => string | undefined;
  /** default for page.encryptHistory (v3 encrypts history state client-side); false if unset */
  encryptHistory?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the request came from the Inertia client (`X-Inertia: true`) */
    isInertia: boolean;
  }
  // inertia()/inertiaBack() send the reply and return it, the usual `return reply` of async
  // handlers: `return reply.inertia(...)`. Since a reply is itself a thenable, awaiting them
  // settles (with undefined) once the response is sent — don't chain on the awaited value.
  interface FastifyReply {
    /** Renders an Inertia page: HTML on a first visit, the JSON page object on an Inertia visit. */
    inertia(component: string, props?: Record<string, unknown>): Promise<FastifyReply>;
    /** Internal redirect: 303 after any non-GET (PUT/PATCH/DELETE need it), 302 after GET. */
    inertiaRedirect(url: string): FastifyReply;
    /** External / full-page redirect: 409 + X-Inertia-Location for Inertia visits. */
    inertiaLocation(url: string): FastifyReply;
    /** Flashes validation errors (first message per field, nested under the error bag) and goes back. */
    inertiaBack(errors?: Record<string, string | string[]>): Promise<FastifyReply>;
    /**
     * Sets page.clearHistory on the next page rendered (survives a redirect via the flash store).
     * Resolves to void: a FastifyReply is a thenable that settles only once sent, so an async
     * method returning an unsent reply would never settle.
     */
    inertiaClearHistory(): Promise<void>;
    /** Overrides page.encryptHistory for the page rendered by this request. */
    inertiaEncryptHistory(encrypt?: boolean): FastifyReply;
  }
}

const FLASH_ERRORS = 'errors';
const FLASH_CLEAR_HISTORY = 'inertia.clearHistory';

const redirectCode = (req: FastifyRequest) => (req.method === 'GET' || req.method === 'HEAD' ? 302 : 303);

/** Adds a token to Vary without dropping what another plugin (e.g. compression) put there. */
function addVary(reply: FastifyReply, token: string): void {
  const current = reply.getHeader('vary');
  const list = headerList(typeof current === 'number' ? String(current) : current);
  if (!list.some((v) => v.toLowerCase() === token.toLowerCase() || v === '*')) list.push(token);
  reply.header('Vary', list.join(', '));
}

/** The URL Inertia records for the page: path + query as the client asked for it. */
const fullUrl = (req: FastifyRequest) => `${req.protocol}://${req.host}${req.url}`;

/** Same-origin Referer as a relative path (so we never redirect off-site); else '/'. */
function backUrl(req: FastifyRequest): string {
  const referer = req.headers.referer;
  if (!referer) return '/';
  try {
    const url = new URL(referer);
    // Compare hosts, not protocols: behind a TLS-terminating proxy without trustProxy the
    // request looks like http while the Referer is https, yet it is the same site.
    if (url.host !== req.host) return '/';
    return `${url.pathname}${url.search}` || '/';
  } catch {
    return '/';
  }
}

const plugin: FastifyPluginAsync<InertiaOptions> = async (app, opts) => {
  const encryptOverride = new WeakMap<FastifyRequest, boolean>();

  app.decorateRequest('isInertia', false);

  app.addHook('onRequest', async (req, reply) => {
    const header = req.headers['x-inertia'];
    req.isInertia = typeof header === 'string' && header.toLowerCase() === 'true';
    // Asset version check, before the handler runs: a stale client must reload the whole page
    // (409 + X-Inertia-Location makes it do window.location = url). Only GETs: a form POST
    // must not be lost, and its redirect target (a GET) gets checked anyway.
    if (!req.isInertia || req.method !== 'GET') return;
    const clientVersion = req.headers['x-inertia-version'] ?? '';
    if (clientVersion === opts.version()) return;
    // The 409 consumes this request; keep flashed data for the full page load that follows.
    await opts.flash.reflash?.(req);
    return reply.code(409).header('X-Inertia-Location', fullUrl(req)).send();
  });

  // Handlers may use plain reply.redirect(); after PUT/PATCH/DELETE the browser would repeat the
  // method on 302, so Inertia needs 303. Kazi applies that to every non-GET Inertia visit.
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.isInertia && req.method !== 'GET' && (reply.statusCode === 301 || reply.statusCode === 302)) {
      reply.code(303);
    }
    return payload;
  });

  app.decorateReply('inertia', async function (this: FastifyReply, component: string, props = {}) {
    const req = this.request;
    const partial = req.isInertia && req.headers['x-inertia-partial-component'] === component;
    const [shared, flashErrors, clearHistory] = await Promise.all([
      opts.share ? opts.share(req) : {},
      opts.flash.pull(req, FLASH_ERRORS),
      opts.flash.pull(req, FLASH_CLEAR_HISTORY),
    ]);
    const page = await buildPage({
      component,
      url: req.url,
      version: opts.version(),
      shared,
      props,
      flashErrors: flashErrors ?? {},
      request: {
        partial,
        only: headerList(req.headers['x-inertia-partial-data']),
        except: headerList(req.headers['x-inertia-partial-except']),
        reset: headerList(req.headers['x-inertia-reset']),
      },
      clearHistory: clearHistory === true,
      encryptHistory: encryptOverride.get(req) ?? opts.encryptHistory ?? false,
    });

    // Status is left alone (200 by default) so a handler can render e.g. a 404 page with
    // reply.code(404).inertia(...). Same URL answers HTML or JSON depending on X-Inertia: caches must key on it.
    addVary(this, 'X-Inertia');
    if (req.isInertia) {
      return this.header('X-Inertia', 'true').type('application/json; charset=utf-8').send(page);
    }
    const html = await opts.renderRoot(pageHtml(page, opts.nonce?.(req)), page, req);
    return this.type('text/html; charset=utf-8').send(html);
  });

  app.decorateReply('inertiaRedirect', function (this: FastifyReply, url: string) {
    return this.redirect(url, redirectCode(this.request));
  });

  app.decorateReply('inertiaLocation', function (this: FastifyReply, url: string) {
    if (this.request.isInertia) return this.code(409).header('X-Inertia-Location', url).send();
    return this.redirect(url, redirectCode(this.request));
  });

  app.decorateReply(
    'inertiaBack',
    async function (this: FastifyReply, errors?: Record<string, string | string[]>) {
      const req = this.request;
      if (errors && Object.keys(errors).length > 0) {
        const messages = firstMessages(errors);
        const bagHeader = req.headers['x-inertia-error-bag'];
        const bag = typeof bagHeader === 'string' ? bagHeader.trim() : '';
        // With a bag the client scopes errors by it: useForm('login') reads errors.login.*.
        await opts.flash.put(req, FLASH_ERRORS, bag ? { [bag]: messages } : messages);
      }
      return this.redirect(backUrl(req), redirectCode(req));
    },
  );

  app.decorateReply('inertiaClearHistory', async function (this: FastifyReply) {
    await opts.flash.put(this.request, FLASH_CLEAR_HISTORY, true);
  });

  app.decorateReply('inertiaEncryptHistory', function (this: FastifyReply, encrypt = true) {
    encryptOverride.set(this.request, encrypt);
    return this;
  });
};

export const inertiaPlugin: FastifyPluginAsync<InertiaOptions> = fp(plugin, { name: 'kazi-inertia', fastify: '5.x' });
