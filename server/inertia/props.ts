/**
 * Prop wrappers for Inertia pages (the Laravel adapter's Inertia::optional / always / defer / merge).
 *
 * A wrapper only carries flags; page.ts decides, per request, whether the prop is sent and
 * only then calls resolve(), so an excluded prop never runs its (possibly costly) callback.
 */

export type PropSource<T> = T | (() => T | Promise<T>);

export interface PropFlags {
  /** left out unless a partial reload names it (optional/lazy and deferred props) */
  readonly onlyWhenRequested: boolean;
  /** sent even when a partial reload does not name it (or names it in Except) */
  readonly always: boolean;
  /** deferred group; set only for defer() props, which the client fetches after the first render */
  readonly deferGroup?: string;
  /** the client appends/merges this prop into its current value instead of replacing it */
  readonly merge: boolean;
}

export class InertiaProp<T = unknown> {
  constructor(
    readonly source: PropSource<T>,
    readonly flags: PropFlags,
  ) {}

  /** Calls the callback (if any) and awaits the result. */
  async resolve(): Promise<T> {
    const s = this.source;
    return typeof s === 'function' ? await (s as () => T | Promise<T>)() : s;
  }

  with(flags: Partial<PropFlags>): InertiaProp<T> {
    return new InertiaProp(this.source, { ...this.flags, ...flags });
  }
}

const plain: PropFlags = { onlyWhenRequested: false, always: false, merge: false };

/** Evaluated only when a partial reload asks for it by name; never part of a full visit. */
export function optional<T>(fn: () => T | Promise<T>): InertiaProp<T> {
  return new InertiaProp<T>(fn, { ...plain, onlyWhenRequested: true });
}

/** Older name kept by the Laravel adapter; same behaviour as optional(). */
export const lazy = optional;

/** Sent on every response, including partial reloads that do not name it. */
export function always<T>(value: PropSource<T> | InertiaProp<T>): InertiaProp<T> {
  if (value instanceof InertiaProp) return value.with({ always: true, onlyWhenRequested: false });
  return new InertiaProp<T>(value, { ...plain, always: true });
}

/**
 * Left out of the first response and listed in page.deferredProps[group]; the client then
 * asks for each group with a partial reload, so slow data does not hold up the first paint.
 */
export function defer<T>(fn: () => T | Promise<T>, group?: string): InertiaProp<T> {
  return new InertiaProp<T>(fn, { ...plain, onlyWhenRequested: true, deferGroup: group ?? 'default' });
}

/**
 * Listed in page.mergeProps so that a partial reload appends to (arrays) or shallow-merges into
 * (objects) what the client already holds — e.g. "load more". Wraps other wrappers too:
 * merge(defer(fn)) is a deferred prop that merges.
 */
export function merge<T>(value: PropSource<T> | InertiaProp<T>): InertiaProp<T> {
  if (value instanceof InertiaProp) return value.with({ merge: true });
  return new InertiaProp<T>(value, { ...plain, merge: true });
}

/** Resolves any prop value: wrappers and plain functions are called, promises awaited. */
export async function resolveProp(value: unknown): Promise<unknown> {
  if (value instanceof InertiaProp) return value.resolve();
  if (typeof value === 'function') return await (value as () => unknown)();
  return await value;
}

export function flagsOf(value: unknown): PropFlags {
  return value instanceof InertiaProp ? value.flags : plain;
}
