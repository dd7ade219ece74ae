import type { Paginator } from '@common/schemas/list-query';
import type { ItemInput } from '@common/schemas/accounting';
import type { ListParams } from '@/components/data-table/query';
import { api } from './api';

/** An item as the /sales/items endpoints answer it; prices are decimal strings ("24.9900"). */
export type ItemRow = {
  id: number;
  name: string;
  description: string | null;
  sale_price: string | null;
  purchase_price: string | null;
  category_id: number | null;
  category: { id: number; name: string; color: string } | null;
  taxes: { id: number; name: string; rate: string }[];
  enabled: boolean;
  created_at: string;
  updated_at: string;
};

type Answer<T> = { message: string; data: T };

/** Items (SPEC §7 /sales/items). */
export const itemsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /sales/items/json (page, search, per_page, sort, enabled, category_id) → paginator */
    getItems: build.query<Paginator<ItemRow>, ListParams>({
      query: (params) => ({ url: '/sales/items/json', params }),
      providesTags: [{ type: 'Item', id: 'LIST' }],
    }),
    /** POST /sales/items/store → 201 { message, data } */
    createItem: build.mutation<Answer<ItemRow>, ItemInput>({
      query: (body) => ({ url: '/sales/items/store', method: 'POST', body }),
      invalidatesTags: [{ type: 'Item', id: 'LIST' }],
    }),
    /** PUT /sales/items/update/{id} → { message, data } */
    updateItem: build.mutation<Answer<ItemRow>, { id: number } & Partial<ItemInput>>({
      query: ({ id, ...body }) => ({ url: `/sales/items/update/${id}`, method: 'PUT', body }),
      invalidatesTags: [{ type: 'Item', id: 'LIST' }],
    }),
    /** DELETE /sales/items/delete/{id} → { message } */
    deleteItem: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/sales/items/delete/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Item', id: 'LIST' }],
    }),
  }),
});

export const { useGetItemsQuery, useCreateItemMutation, useUpdateItemMutation, useDeleteItemMutation } = itemsApi;
