import type { EndpointBuilder, MutationDefinition, QueryDefinition } from '@reduxjs/toolkit/query';
import type { Answer, Deleted, One } from '@common/answers/http';
import type { Paginator } from '@common/schemas/list-query';
import type { ListParams } from '@/components/data-table/query';
import { errorMessage } from '@/lib/errors';
import { api, type baseQuery, type TagType } from './api';

// A resource's JSON endpoints (ARCHITECTURE "HTTP contract": GET <base>/json,
// GET <base>/get-<singular>/{id}, POST <base>/store, PUT <base>/update/{id},
// DELETE <base>/delete/{id}) as RTK Query endpoints, declared once from the base path:
//
//   export const { useGetTaxesQuery, useCreateTaxMutation, … } =
//     resourceApi<TaxRow, TaxInput>()({ one: 'Tax', many: 'Taxes', base: '/settings/accounting/taxes', tag: 'Tax' });
//
// SPEC §4: every call carries RTK's flags (isLoading / isFetching true when a request starts,
// false on success or failure; isError with the error kept). SPEC §8: a failure is the rejected
// value of its call (the server's answer, or FETCH_ERROR / TIMEOUT_ERROR / PARSING_ERROR), read
// into a message by errorMessage (requestState below); `logFailures` makes a list's and a single
// read's failures only logged, as the spec asks of taxes, categories and currencies.

type Build = EndpointBuilder<typeof baseQuery, TagType, 'api'>;
type Query<Arg, Result> = QueryDefinition<Arg, typeof baseQuery, TagType, Result, 'api'>;
type Mutation<Arg, Result> = MutationDefinition<Arg, typeof baseQuery, TagType, Result, 'api'>;

/** An update sends the record's id (in the path) and the fields that change. */
export type UpdateArg<Input> = { id: number } & Partial<Input>;

export type ResourceConfig<OneName extends string, ManyName extends string> = {
  /** the endpoints' names: get<Many> (the list), get<One>, create<One>, update<One>, delete<One> */
  one: OneName;
  many: ManyName;
  /** the URL base of the JSON endpoints ('/settings/accounting/taxes') */
  base: string;
  /** `get-<singular>/{id}`; the lower-cased `one` unless said ('Account' → get-account) */
  singular?: string;
  /** the cache tag of the resource's list ({ type, id: 'LIST' }) and records ({ type, id }) */
  tag: TagType;
  /** the other tags a write changes (an account's balance follows its transactions and transfers) */
  touches?: readonly TagType[];
  /** SPEC §8: the list's and the single read's failures are only logged, as 'Failed to fetch <what>' */
  logFailures?: string;
};

/** The five endpoints under the names RTK Query turns into hooks (useGetTaxesQuery, useCreateTaxMutation…). */
export type ResourceDefinitions<OneName extends string, ManyName extends string, Row, Input> = {
  [K in `get${ManyName}`]: Query<ListParams, Paginator<Row>>;
} & { [K in `get${OneName}`]: Query<number, Row> } & { [K in `create${OneName}`]: Mutation<Input, Answer<Row>> } & {
  [K in `update${OneName}`]: Mutation<UpdateArg<Input>, Answer<Row>>;
} & { [K in `delete${OneName}`]: Mutation<number, Deleted> };

/** Logs a failed call ('Failed to fetch taxes') and nothing else: the list shows its own error state. */
export const logFailure =
  (what: string) =>
  async (_arg: unknown, { queryFulfilled }: { queryFulfilled: Promise<unknown> }) => {
    try {
      await queryFulfilled;
    } catch (failure) {
      console.error(`Failed to fetch ${what}`, (failure as { error?: unknown }).error ?? failure);
    }
  };

/** The five endpoint definitions of a resource, under fixed keys (resourceApi names them). */
export function resourceEndpoints<Row, Input>(build: Build, config: Omit<ResourceConfig<string, string>, 'one' | 'many'> & { singular: string }) {
  const { base, tag } = config;
  const writes = [tag, ...(config.touches ?? [])];
  const onQueryStarted = config.logFailures ? logFailure(config.logFailures) : undefined;
  return {
    list: build.query<Paginator<Row>, ListParams>({
      query: (params) => ({ url: `${base}/json`, params }),
      providesTags: [{ type: tag, id: 'LIST' }],
      onQueryStarted,
    }),
    get: build.query<Row, number>({
      query: (id) => `${base}/get-${config.singular}/${id}`,
      transformResponse: (answer: One<Row>) => answer.data,
      providesTags: (_r, _e, id) => [{ type: tag, id }],
      onQueryStarted,
    }),
    store: build.mutation<Answer<Row>, Input>({
      query: (body) => ({ url: `${base}/store`, method: 'POST', body }),
      invalidatesTags: writes,
    }),
    update: build.mutation<Answer<Row>, UpdateArg<Input>>({
      query: ({ id, ...body }) => ({ url: `${base}/update/${id}`, method: 'PUT', body }),
      invalidatesTags: writes,
    }),
    delete: build.mutation<Deleted, number>({
      query: (id) => ({ url: `${base}/delete/${id}`, method: 'DELETE' }),
      invalidatesTags: writes,
    }),
  };
}

/**
 * A resource's endpoints injected into the one API slice, named after it; the result is the
 * slice with their hooks (`useGetTaxesQuery`, `useGetTaxQuery`, `useCreateTaxMutation`,
 * `useUpdateTaxMutation`, `useDeleteTaxMutation`) and endpoints. Curried so the row and input
 * types are given while the names are read from the config.
 */
export function resourceApi<Row, Input>() {
  return <OneName extends string, ManyName extends string>(config: ResourceConfig<OneName, ManyName>) => {
    const { one, many } = config;
    return api.injectEndpoints({
      endpoints: (build) => {
        const e = resourceEndpoints<Row, Input>(build, { ...config, singular: config.singular ?? one.toLowerCase() });
        const named = { [`get${many}`]: e.list, [`get${one}`]: e.get, [`create${one}`]: e.store, [`update${one}`]: e.update, [`delete${one}`]: e.delete };
        return named as unknown as ResourceDefinitions<OneName, ManyName, Row, Input>;
      },
    });
  };
}

/** SPEC §4 and §8: what a save or delete leaves: a success or an error flag plus the request's message. */
export type RequestState = { success: boolean; error: boolean; message: string | null };

/**
 * The state of a save or delete from its mutation's result: the server's message on success; on
 * failure the server's `message` (or `error`) field, else the client error's sentence, else `fallback`.
 */
export function requestState(
  result: { isSuccess: boolean; isError: boolean; data?: { message?: string } | undefined; error?: unknown },
  fallback = 'An error occurred',
): RequestState {
  if (result.isSuccess) return { success: true, error: false, message: result.data?.message ?? null };
  if (result.isError) return { success: false, error: true, message: errorMessage(result.error, fallback) };
  return { success: false, error: false, message: null };
}
