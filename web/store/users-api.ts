import type { Answer } from '@common/answers/http';
import type { Paginator } from '@common/schemas/list-query';
import type { InviteInput } from '@common/schemas/users';
import type { ListParams } from '@/components/data-table/query';
import { api } from './api';

export type RoleRef = { id: number; name: string };

/** A member as GET /users/json lists it (`id` is the user's id). */
export type MemberRow = {
  id: number;
  name: string;
  email: string;
  avatar_url: string | null;
  role: RoleRef | null;
  status: 'active' | 'inactive';
  last_activity_at: string | null;
  joined_at: string;
};

/** A pending invitation as GET /users/invitations lists it. */
export type InvitationRow = {
  id: number;
  email: string;
  role: RoleRef | null;
  invited_by: RoleRef | null;
  expires_at: string;
  expired: boolean;
  created_at: string;
};

/** The Users page's calls (SPEC §7 users endpoints). */
export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /users/json (page, per_page, search, sort_by, sort_order) → paginator */
    getMembers: build.query<Paginator<MemberRow>, ListParams>({
      query: (params) => ({ url: '/users/json', params }),
      providesTags: [{ type: 'User', id: 'LIST' }],
    }),
    /** PUT /users/update-role/{id} */
    updateMemberRole: build.mutation<Answer<MemberRow>, { id: number; role_id: number }>({
      query: ({ id, role_id }) => ({ url: `/users/update-role/${id}`, method: 'PUT', body: { role_id } }),
      invalidatesTags: ['User'],
    }),
    /** POST /users/deactivate/{id} or /users/reactivate/{id} */
    setMemberStatus: build.mutation<Answer<MemberRow>, { id: number; active: boolean }>({
      query: ({ id, active }) => ({ url: `/users/${active ? 'reactivate' : 'deactivate'}/${id}`, method: 'POST' }),
      invalidatesTags: ['User'],
    }),
    /** DELETE /users/remove/{id} */
    removeMember: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/users/remove/${id}`, method: 'DELETE' }),
      invalidatesTags: ['User'],
    }),
    /** GET /users/invitations → { data } (pending ones, newest first) */
    getInvitations: build.query<InvitationRow[], void>({
      query: () => '/users/invitations',
      transformResponse: (answer: { data: InvitationRow[] }) => answer.data,
      providesTags: [{ type: 'Invitation', id: 'LIST' }],
    }),
    /** POST /users/invite → 201 { message, data } */
    inviteUser: build.mutation<Answer<InvitationRow>, InviteInput>({
      query: (body) => ({ url: '/users/invite', method: 'POST', body }),
      invalidatesTags: [{ type: 'Invitation', id: 'LIST' }],
    }),
    /** DELETE /users/invitations/{id} */
    cancelInvitation: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/users/invitations/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Invitation', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetMembersQuery,
  useUpdateMemberRoleMutation,
  useSetMemberStatusMutation,
  useRemoveMemberMutation,
  useGetInvitationsQuery,
  useInviteUserMutation,
  useCancelInvitationMutation,
} = usersApi;
