import { configureStore } from '@reduxjs/toolkit';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/store/api';
import { workflowsApi } from './api';

// SPEC §4: creating a workflow or a task template re-fetches its list. The endpoints driven against
// a small real HTTP server on localhost answering /workflows and /task-templates as the app does.

let server: FastifyInstance;
let origin = '';
let seen: string[] = [];
let workflows: { id: number; name: string; context_type: string; context_id: number }[] = [];
let templates: { id: number; workflow_id: number; title: string }[] = [];

beforeAll(async () => {
  server = Fastify();
  server.addHook('onRequest', async (req) => {
    seen.push(`${req.method} ${req.url.split('?')[0]}`);
  });
  server.get('/workflows/json', async () => workflows);
  server.post<{ Body: { name: string; context_id: number } }>('/workflows/store', async (req, reply) => {
    if (!req.body?.name) return reply.code(422).send({ message: 'The name field is required.', errors: { name: ['The name field is required.'] } });
    const w = { id: workflows.length + 1, name: req.body.name, context_type: 'event', context_id: req.body.context_id };
    workflows.push(w);
    return reply.code(201).send({ message: 'Workflow created successfully.', data: w });
  });
  server.get<{ Querystring: { workflow_id: string; paginate: string } }>('/task-templates/json', async (req) => {
    // SPEC §9: asked unpaged
    if (req.query.paginate !== 'false') return { data: [] };
    return templates.filter((x) => x.workflow_id === Number(req.query.workflow_id));
  });
  server.post<{ Body: { workflow_id: number; title: string } }>('/task-templates/store', async (req, reply) => {
    if (!req.body?.title) return reply.code(422).send({ message: 'Failed to create task template', errors: { title: ['The title field is required.'] } });
    const x = { id: templates.length + 1, workflow_id: req.body.workflow_id, title: req.body.title };
    templates.push(x);
    return reply.code(201).send({ message: 'Task template created successfully', data: { ...x, tasks_made: 0 } });
  });
  server.get('/tasks/event/:id', async () => ({ data: [], total: 0 }));
  origin = await server.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await server.close();
});

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
  seen = [];
  workflows = [];
  templates = [];
  vi.stubGlobal('Request', PageRequest);
  store = makeStore();
});

afterEach(() => {
  store.dispatch(api.util.resetApiState());
  vi.unstubAllGlobals();
});

const count = (request: string) => seen.filter((s) => s === request).length;

describe('workflows store', () => {
  it('creating a workflow re-fetches the workflow list, and the new one is in it', async () => {
    const query = { context_type: 'event' as const, context_id: 7 };
    const sub = store.dispatch(workflowsApi.endpoints.getWorkflows.initiate(query));
    await sub;
    expect(count('GET /workflows/json')).toBe(1);
    expect(workflowsApi.endpoints.getWorkflows.select(query)(store.getState()).data).toEqual([]);

    const answer = await store.dispatch(workflowsApi.endpoints.createWorkflow.initiate({ name: 'Gala prep', context_id: 7 })).unwrap();
    expect(answer.message).toBe('Workflow created successfully.');
    await vi.waitFor(() => expect(count('GET /workflows/json')).toBe(2));
    await vi.waitFor(() => expect(workflowsApi.endpoints.getWorkflows.select(query)(store.getState()).data?.map((w) => w.name)).toEqual(['Gala prep']));
    sub.unsubscribe();
  });

  it('a refused workflow re-fetches nothing', async () => {
    const query = { context_type: 'event' as const, context_id: 7 };
    const sub = store.dispatch(workflowsApi.endpoints.getWorkflows.initiate(query));
    await sub;
    const failed = await store.dispatch(workflowsApi.endpoints.createWorkflow.initiate({ name: '', context_id: 7 }));
    expect('error' in failed && failed.error).toMatchObject({ status: 422 });
    await new Promise((r) => setTimeout(r, 50));
    expect(count('GET /workflows/json')).toBe(1);
    sub.unsubscribe();
  });

  it('creating a task template re-fetches the workflow’s templates (unpaged) with the new one', async () => {
    const sub = store.dispatch(workflowsApi.endpoints.getTaskTemplates.initiate(3));
    await sub;
    expect(workflowsApi.endpoints.getTaskTemplates.select(3)(store.getState()).data).toEqual([]);
    const answer = await store.dispatch(workflowsApi.endpoints.createTaskTemplate.initiate({ workflow_id: 3, title: 'Book the venue' })).unwrap();
    expect(answer.message).toBe('Task template created successfully');
    await vi.waitFor(() => expect(count('GET /task-templates/json')).toBe(2));
    await vi.waitFor(() => expect(workflowsApi.endpoints.getTaskTemplates.select(3)(store.getState()).data?.map((x) => x.title)).toEqual(['Book the venue']));
    sub.unsubscribe();
  });
});
