import type { ItemRow } from '@common/answers/accounting';
import type { ItemInput } from '@common/schemas/accounting';
import { resourceApi } from './resource-api';

/**
 * Items (SPEC §7 /sales/items): GET json (page, search, per_page, sort, enabled, category_id) →
 * paginator; get-item/{id}; store → 201 { message, data }; update/{id}; delete/{id}.
 */
export const itemsApi = resourceApi<ItemRow, ItemInput>()({ one: 'Item', many: 'Items', base: '/sales/items', tag: 'Item' });

export const { useGetItemsQuery, useGetItemQuery, useCreateItemMutation, useUpdateItemMutation, useDeleteItemMutation } = itemsApi;
