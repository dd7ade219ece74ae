import type { Answer } from '@common/answers/http';
import type { Paginator } from '@common/schemas/list-query';
import type { RoleData, RoleInput } from '@common/schemas/roles';
import type { Area, Permission } from '@common/permissions';
import type { ListParams } from '@/components/data-table/query';
import { api } from './api';

/** GET /permissions/json: the registry by section and area, with the roles holding each permission. */
export type PermissionCatalogue = {
  data: {
    section: string;
    areas: { area: Area; label: string; permissions: { name: Permission; action: string; roles: { id: number; name: string }[] }[] }[];
  }[];
  roles: { id: number; name: string; slug: string; built_in: boolean }[];
  total: number;
};

/** The Roles and Permissions pages' calls. */
export const rolesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /roles/json (page, per_page, search, sort_by, sort_order) → paginator */
    getRoles: build.query<Paginator<RoleData>, ListParams>({
      query: (params) => ({ url: '/roles/json', params }),
      providesTags: [{ type: 'Role', id: 'LIST' }],
    }),
    /** POST /roles/store → 201 { message, data } */
    createRole: build.mutation<Answer<RoleData>, RoleInput>({
      query: (body) => ({ url: '/roles/store', method: 'POST', body }),
      invalidatesTags: ['Role', 'Permission'],
    }),
    /** PUT /roles/update/{id} → { message, data } */
    updateRole: build.mutation<Answer<RoleData>, { id: number } & Partial<RoleInput>>({
      query: ({ id, ...body }) => ({ url: `/roles/update/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Role', 'Permission'],
    }),
    /** DELETE /roles/delete/{id} → { message } */
    deleteRole: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/roles/delete/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Role', 'Permission'],
    }),
    /** GET /permissions/json */
    getPermissionCatalogue: build.query<PermissionCatalogue, void>({
      query: () => '/permissions/json',
      providesTags: ['Permission'],
    }),
  }),
});

export const { useGetRolesQuery, useCreateRoleMutation, useUpdateRoleMutation, useDeleteRoleMutation, useGetPermissionCatalogueQuery } = rolesApi;
