import { configureStore } from '@reduxjs/toolkit';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api';
import { requestState, resourceApi } from './resource-api';

// The factory's endpoints driven against a small real HTTP server on localhost that answers the
// contract of ARCHITECTURE "HTTP contract" for /things (and fails on purpose under /broken).

type Thing = { id: number; name: string };
type ThingInput = { name: string };

const things = resourceApi<Thing, ThingInput>()({ one: 'Thing', many: 'Things', base: '/things', tag: 'Tax', touches: ['Transfer'] });
/** list and read failures only logged (SPEC §8, as for taxes) */
const gadgets = resourceApi<Thing, ThingInput>()({ one: 'Gadget', many: 'Gadgets', base: '/broken', tag: 'Item', logFailures: 'gadgets' });
/** another resource, under the tag a thing's write touches */
const others = resourceApi<Thing, ThingInput>()({ one: 'Other', many: 'Others', base: '/others', tag: 'Transfer' });

let server: FastifyInstance;
let origin = '';
let rows: Thing[] = [];
/** what the server was asked: "METHOD /path?query" and the JSON bodies */
let seen: string[] = [];
let bodies: unknown[] = [];
/** while set, list requests wait for it (the loading flags can be read mid-request) */
let gate: Promise<void> | null = null;

const paginator = (data: Thing[], page: number, perPage: number) => ({
  current_page: page,
  data: data.slice((page - 1) * perPage, page * perPage),
  per_page: perPage,
  from: data.length ? (page - 1) * perPage + 1 : null,
  to: Math.min(page * perPage, data.length) || null,
  total: data.length,
  last_page: Math.max(1, Math.ceil(data.length / perPage)),
  links: [],
  first_page_url: '/things/json?page=1',
  last_page_url: '/things/json?page=1',
  next_page_url: null,
  prev_page_url: null,
  path: '/things/json',
});

beforeAll(async () => {
  server = Fastify();
  server.addHook('onRequest', async (req) => {
    seen.push(`${req.method} ${req.url}`);
  });
  server.addHook('preHandler', async (req) => {
    if (req.body !== undefined) bodies.push(req.body);
  });
  const find = (id: string) => rows.find((t) => t.id === Number(id));
  server.get<{ Querystring: Record<string, string> }>('/things/json', async (req) => {
    if (gate) await gate;
    const search = req.query.search ?? '';
    return paginator(
      rows.filter((t) => t.name.toLowerCase().includes(search.toLowerCase())),
      Number(req.query.page ?? 1),
      Number(req.query.per_page ?? 15),
    );
  });
  server.get<{ Params: { id: string } }>('/things/get-thing/:id', async (req, reply) => {
    const thing = find(req.params.id);
    return thing ? { data: thing } : reply.code(404).send({ message: 'Thing not found.' });
  });
  server.post<{ Body: ThingInput }>('/things/store', async (req, reply) => {
    if (!req.body?.name) return reply.code(422).send({ message: 'The name field is required.', errors: { name: ['The name field is required.'] } });
    const thing = { id: Math.max(0, ...rows.map((t) => t.id)) + 1, name: req.body.name };
    rows.push(thing);
    return reply.code(201).send({ message: 'Thing created successfully.', data: thing });
  });
  server.put<{ Params: { id: string }; Body: Partial<ThingInput> }>('/things/update/:id', async (req, reply) => {
    const thing = find(req.params.id);
    if (!thing) return reply.code(404).send({ message: 'Thing not found.' });
    Object.assign(thing, req.body);
    return { message: 'Thing updated successfully.', data: thing };
  });
  server.delete<{ Params: { id: string } }>('/things/delete/:id', async (req, reply) => {
    if (!find(req.params.id)) return reply.code(404).send({ message: 'Thing not found.' });
    rows = rows.filter((t) => t.id !== Number(req.params.id));
    return { message: 'Thing deleted successfully.' };
  });
  server.get('/others/json', async () => paginator([{ id: 1, name: 'Other' }], 1, 15));
  server.get('/broken/json', async (_req, reply) => reply.code(500).send({ message: 'The database is unreachable.' }));
  origin = await server.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await server.close();
});

// The browser resolves the pages' relative URLs ('/things/json') against the page's origin;
// Node has no page, so requests resolve against the stand-in server's.
const NodeRequest = globalThis.Request;
class PageRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, origin) : input, init);
  }
}

const makeStore = () =>
  configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
  });
let store: ReturnType<typeof makeStore>;

beforeEach(() => {
  rows = [
    { id: 1, name: 'Amber' },
    { id: 2, name: 'Basalt' },
    { id: 3, name: 'Agate' },
  ];
  seen = [];
  bodies = [];
  gate = null;
  vi.stubGlobal('Request', PageRequest);
  store = makeStore();
});

afterEach(() => {
  store.dispatch(api.util.resetApiState());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const count = (request: string) => seen.filter((s) => s === request).length;

describe('resourceApi: the five endpoints of a resource from its base path', () => {
  it('names the hooks after the resource', () => {
    for (const hook of ['useGetThingsQuery', 'useGetThingQuery', 'useCreateThingMutation', 'useUpdateThingMutation', 'useDeleteThingMutation'] as const) {
      expect(typeof things[hook]).toBe('function');
    }
    expect(Object.keys(things.endpoints)).toEqual(expect.arrayContaining(['getThings', 'getThing', 'createThing', 'updateThing', 'deleteThing']));
  });

  it('lists: GET <base>/json with the list params; loading flag true while the request runs (pending), false once it answered (SPEC §4)', async () => {
    let open = () => {};
    gate = new Promise<void>((resolve) => (open = resolve));
    const params = { page: 1, per_page: 1, search: 'a' };
    const select = things.endpoints.getThings.select(params);
    const list = store.dispatch(things.endpoints.getThings.initiate(params));
    await vi.waitFor(() => expect(seen).toContain('GET /things/json?page=1&per_page=1&search=a'));
    expect(select(store.getState())).toMatchObject({ status: 'pending', isLoading: true, isSuccess: false });

    open();
    await list;
    const done = select(store.getState());
    expect(done).toMatchObject({ status: 'fulfilled', isLoading: false, isSuccess: true, isError: false });
    expect(done.data).toMatchObject({ current_page: 1, per_page: 1, total: 3, last_page: 3, data: [{ id: 1, name: 'Amber' }] });
    list.unsubscribe();
  });

  it('reads one record: GET <base>/get-<singular>/{id}, the answer unwrapped from { data }', async () => {
    const read = store.dispatch(things.endpoints.getThing.initiate(2));
    expect((await read).data).toEqual({ id: 2, name: 'Basalt' });
    expect(seen).toEqual(['GET /things/get-thing/2']);
    read.unsubscribe();
  });

  it('stores: POST <base>/store with the input; answers { message, data }; the list is read again', async () => {
    const params = { page: 1, per_page: 15 };
    const list = store.dispatch(things.endpoints.getThings.initiate(params));
    await list;
    const answer = await store.dispatch(things.endpoints.createThing.initiate({ name: 'Cobalt' })).unwrap();
    expect(answer).toEqual({ message: 'Thing created successfully.', data: { id: 4, name: 'Cobalt' } });
    expect(seen).toContain('POST /things/store');
    expect(bodies).toEqual([{ name: 'Cobalt' }]);
    await vi.waitFor(() => expect(count('GET /things/json?page=1&per_page=15')).toBe(2));
    await vi.waitFor(() => expect(things.endpoints.getThings.select(params)(store.getState()).data?.total).toBe(4));
    list.unsubscribe();
  });

  it('updates: PUT <base>/update/{id} with the id in the path only; the record read again', async () => {
    const read = store.dispatch(things.endpoints.getThing.initiate(1));
    await read;
    const answer = await store.dispatch(things.endpoints.updateThing.initiate({ id: 1, name: 'Amethyst' })).unwrap();
    expect(answer).toEqual({ message: 'Thing updated successfully.', data: { id: 1, name: 'Amethyst' } });
    expect(seen).toContain('PUT /things/update/1');
    expect(bodies).toEqual([{ name: 'Amethyst' }]);
    await vi.waitFor(() => expect(things.endpoints.getThing.select(1)(store.getState()).data).toEqual({ id: 1, name: 'Amethyst' }));
    expect(count('GET /things/get-thing/1')).toBe(2);
    read.unsubscribe();
  });

  it('deletes: DELETE <base>/delete/{id}; its own list and the lists of the tags it touches are read again', async () => {
    const list = store.dispatch(things.endpoints.getThings.initiate({ page: 1, per_page: 15 }));
    const other = store.dispatch(others.endpoints.getOthers.initiate({ page: 1, per_page: 15 }));
    await Promise.all([list, other]);
    const answer = await store.dispatch(things.endpoints.deleteThing.initiate(3)).unwrap();
    expect(answer).toEqual({ message: 'Thing deleted successfully.' });
    expect(seen).toContain('DELETE /things/delete/3');
    await vi.waitFor(() => expect(count('GET /things/json?page=1&per_page=15')).toBe(2));
    await vi.waitFor(() => expect(count('GET /others/json?page=1&per_page=15')).toBe(2));
    list.unsubscribe();
    other.unsubscribe();
  });

  it('a write of another resource leaves the list alone', async () => {
    const list = store.dispatch(things.endpoints.getThings.initiate({ page: 1, per_page: 15 }));
    await list;
    await store.dispatch(others.endpoints.deleteOther.initiate(1));
    expect(seen).toContain('DELETE /others/delete/1');
    expect(count('GET /things/json?page=1&per_page=15')).toBe(1);
    list.unsubscribe();
  });
});

describe('resourceApi: failures (SPEC §4 flags, §8 handling)', () => {
  it('a failed list clears its loading flags and keeps the error; with logFailures it is logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const params = { page: 1, per_page: 15 };
    const list = store.dispatch(gadgets.endpoints.getGadgets.initiate(params));
    await list;
    const state = gadgets.endpoints.getGadgets.select(params)(store.getState());
    expect(state).toMatchObject({ status: 'rejected', isLoading: false, isError: true, error: { status: 500, data: { message: 'The database is unreachable.' } } });
    await vi.waitFor(() => expect(logged).toHaveBeenCalledWith('Failed to fetch gadgets', { status: 500, data: { message: 'The database is unreachable.' } }));
    list.unsubscribe();
  });

  it('without logFailures a failed read is only passed on (nothing logged)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const read = store.dispatch(things.endpoints.getThing.initiate(99));
    const result = await read;
    expect(result).toMatchObject({ isError: true, isLoading: false, error: { status: 404, data: { message: 'Thing not found.' } } });
    expect(logged).not.toHaveBeenCalled();
    read.unsubscribe();
  });

  it("a refused write is rejected with the server's answer; requestState reads its message", async () => {
    const result = await store.dispatch(things.endpoints.createThing.initiate({ name: '' }));
    expect(result.error).toEqual({ status: 422, data: { message: 'The name field is required.', errors: { name: ['The name field is required.'] } } });
    expect(requestState({ isSuccess: false, isError: true, error: result.error })).toEqual({ success: false, error: true, message: 'The name field is required.' });
    expect(rows).toHaveLength(3);
  });

  it('a server out of reach is a FETCH_ERROR with its own sentence', async () => {
    const gone = Fastify();
    const goneOrigin = await gone.listen({ port: 0, host: '127.0.0.1' });
    await gone.close();
    const lost = resourceApi<Thing, ThingInput>()({ one: 'Lost', many: 'Losts', base: `${goneOrigin}/things`, tag: 'Tax' });
    const result = await store.dispatch(lost.endpoints.deleteLost.initiate(1));
    expect(result.error).toMatchObject({ status: 'FETCH_ERROR' });
    expect(requestState({ isSuccess: false, isError: true, error: result.error })).toEqual({
      success: false,
      error: true,
      message: 'Network error: the server could not be reached',
    });
  });

  it('requestState: a success carries the server message; before settling neither flag is set', () => {
    expect(requestState({ isSuccess: true, isError: false, data: { message: 'Thing created successfully.' } })).toEqual({
      success: true,
      error: false,
      message: 'Thing created successfully.',
    });
    expect(requestState({ isSuccess: false, isError: false })).toEqual({ success: false, error: false, message: null });
  });
});
