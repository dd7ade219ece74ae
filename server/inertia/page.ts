/**
 * Builds the Inertia page object for one request: which props are sent (full visit vs. partial
 * reload), which are listed as deferred/merge, and the HTML-safe serialisation for first visits.
 */
import { flagsOf, resolveProp } from './props.js';

/** The page object as @inertiajs/core v3 reads it (types/types.d.ts `Page`). */
export type InertiaPage = {
  component: string;
  props: Record<string, unknown> & { errors: Record<string, unknown> };
  url: string;
  version: string;
  clearHistory: boolean;
  encryptHistory: boolean;
  /** group name → prop names the client loads with a partial reload after the first render */
  deferredProps?: Record<string, string[]>;
  /** prop names the client merges into its current value on a partial reload */
  mergeProps?: string[];
  /** keys that came from share(); v3 keeps these across client-side visits */
  sharedProps?: string[];
};

/** What the request asked for, read from the X-Inertia-Partial-* / Reset headers. */
export interface PartialRequest {
  /** true only when X-Inertia-Partial-Component names the component being rendered */
  partial: boolean;
  only: string[];
  except: string[];
  reset: string[];
}

export interface BuildPageInput {
  component: string;
  url: string;
  version: string;
  shared: Record<string, unknown>;
  props: Record<string, unknown>;
  /** errors pulled from the flash store (already in final shape) */
  flashErrors: unknown;
  request: PartialRequest;
  clearHistory: boolean;
  encryptHistory: boolean;
}

/** Splits a comma list header ("a, b,c") into names; absent/empty → []. */
export function headerList(value: string | string[] | undefined): string[] {
  const raw = Array.isArray(value) ? value.join(',') : (value ?? '');
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** "a.b.c" list → top key → remaining paths ([] means the whole top-level prop). */
function byTopKey(paths: string[]): Map<string, string[][]> {
  const map = new Map<string, string[][]>();
  for (const p of paths) {
    const [top, ...rest] = p.split('.');
    const list = map.get(top) ?? [];
    list.push(rest);
    map.set(top, list);
  }
  return map;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && [Object.prototype, null].includes(Object.getPrototypeOf(v));

/** Keeps only the given nested paths of a resolved object (Partial-Data "user.name"). */
function pickPaths(value: unknown, paths: string[][]): unknown {
  if (paths.some((p) => p.length === 0) || !isPlainObject(value)) return value;
  const nested = byTopKey(paths.map((p) => p.join('.')));
  const out: Record<string, unknown> = {};
  for (const [key, rest] of nested) if (key in value) out[key] = pickPaths(value[key], rest);
  return out;
}

/** Drops the given nested paths of a resolved object (Partial-Except "user.secret"). */
function omitPaths(value: unknown, paths: string[][]): unknown {
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = { ...value };
  for (const [key, rest] of byTopKey(paths.map((p) => p.join('.')))) {
    if (!(key in out)) continue;
    if (rest.some((p) => p.length === 0)) delete out[key];
    else out[key] = omitPaths(out[key], rest);
  }
  return out;
}

/**
 * Resolves the props for this request. Shared props sit under page props (page props win).
 * Rules follow the Laravel adapter: Except beats Data; `always` props and `errors` survive both;
 * optional/deferred props are sent only when a partial reload names them.
 */
export async function buildPage(input: BuildPageInput): Promise<InertiaPage> {
  const { request: rq } = input;
  const all: Record<string, unknown> = { ...input.shared, ...input.props };
  const only = rq.partial ? byTopKey(rq.only) : new Map<string, string[][]>();
  const except = rq.partial ? byTopKey(rq.except) : new Map<string, string[][]>();

  const included: string[] = [];
  const deferred: Record<string, string[]> = {};
  for (const key of Object.keys(all)) {
    if (key === 'errors') continue;
    const flags = flagsOf(all[key]);
    let send = only.size > 0 ? only.has(key) : !flags.onlyWhenRequested;
    if (except.get(key)?.some((p) => p.length === 0)) send = false;
    if (flags.always) send = true;
    if (send) included.push(key);
    else if (!rq.partial && flags.deferGroup) (deferred[flags.deferGroup] ??= []).push(key);
  }

  // Resolve concurrently: only the included props ever have their callbacks run.
  const values = await Promise.all(included.map((key) => resolveProp(all[key])));
  const props: Record<string, unknown> = {};
  included.forEach((key, i) => {
    let value = values[i];
    const onlyPaths = only.get(key);
    if (onlyPaths) value = pickPaths(value, onlyPaths);
    const exceptPaths = except.get(key);
    if (exceptPaths && !flagsOf(all[key]).always) value = omitPaths(value, exceptPaths);
    props[key] = value;
  });
  // errors: an explicit page/shared prop wins, else what the previous request flashed.
  const errors = 'errors' in all ? await resolveProp(all.errors) : input.flashErrors;
  props.errors = isPlainObject(errors) ? errors : {};

  const reset = new Set(rq.reset);
  const mergeProps = included.filter((key) => flagsOf(all[key]).merge && !reset.has(key));
  const sharedProps = Object.keys(input.shared).filter((key) => key !== 'errors');

  const page: InertiaPage = {
    component: input.component,
    props: props as InertiaPage['props'],
    url: input.url,
    version: input.version,
    clearHistory: input.clearHistory,
    encryptHistory: input.encryptHistory,
  };
  if (Object.keys(deferred).length > 0) page.deferredProps = deferred;
  if (mergeProps.length > 0) page.mergeProps = mergeProps;
  if (sharedProps.length > 0) page.sharedProps = sharedProps;
  return page;
}

/**
 * JSON for a <script type="application/json"> body. `<` and `/` only occur inside JSON strings,
 * where \u003C / \u002F decode to the same characters, so "</script>" or "<!--" in a prop can't end
 * the element early. U+2028/2029 are escaped for old JS parsers that treat them as newlines.
 */
export function serializePage(page: InertiaPage): string {
  return JSON.stringify(page)
    .replace(/</g, '\\u003C')
    .replace(/\//g, '\\u002F')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The markup the v3 client boots from (getInitialPageFromDOM reads script[data-page="app"]). A JSON
 * block never runs, but it carries the request's CSP nonce like every inline script of the page.
 */
export function pageHtml(page: InertiaPage, nonce?: string): string {
  const attr = nonce ? ` nonce="${nonce.replace(/[^A-Za-z0-9+/=_-]/g, '')}"` : '';
  return `<script data-page="app" type="application/json"${attr}>${serializePage(page)}</script><div id="app"></div>`;
}

/**
 * Laravel-Inertia sends each field's first message as a plain string; the client's form helpers
 * expect `errors.field` to be a string, not an array.
 */
export function firstMessages(errors: Record<string, string | string[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, value] of Object.entries(errors)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined && first !== null) out[field] = String(first);
  }
  return out;
}
