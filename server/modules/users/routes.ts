import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { updateRoleSchema } from '../../../common/schemas/users.js';
import { fieldError, notFound } from '../../http/errors.js';
import { validate } from '../../http/validate.js';
import { assertHolds, findRole, OWNER_SLUG } from '../roles/resource.js';
import { memberships } from '../tenancy/schema.js';
import { invitationRoutes } from './invitations.js';
import { userLogRoutes } from './logs.js';
import { assertOutranks, lockMember, memberData, memberList } from './members.js';

const idParam = z.object({ id: z.string().regex(/^[1-9]\d{0,15}$/) });
const readId = (req: FastifyRequest) => {
  const p = idParam.safeParse(req.params);
  if (!p.success) throw notFound('User');
  return Number(p.data.id);
};
const who = (req: FastifyRequest) => `user #${(req.params as { id?: string }).id}`;

/**
 * Tenant members (SPEC §2 Users): the list, invitations, role changes, deactivation
 * and removal. `{id}` is always the user's id; a user of another tenant is a 404.
 * Rules: the company keeps at least one active owner; nobody deactivates or removes
 * themselves; nobody manages a member, or gives a role, that grants more than they hold.
 */
export async function usersRoutes(app: FastifyInstance) {
  app.get('/users/json', { config: { access: 'users.view' } }, (req) => memberList.list(req));

  app.get('/users/get-user/:id', { config: { access: 'users.view' } }, async (req) => {
    const id = readId(req);
    return { data: await req.tenantTx((tx) => memberData(tx, req.tenant!.id, id)) };
  });

  app.put(
    '/users/update-role/:id',
    { config: { access: 'users.update', activity: { action: 'update', resource: 'user', describe: (req) => `Changed the role of ${who(req)}` } } },
    async (req) => {
      const id = readId(req);
      const input = validate(updateRoleSchema, req.body);
      const tenantId = req.tenant!.id;
      const data = await req.tenantTx(async (tx) => {
        const { member, keepAnOwner } = await lockMember(tx, tenantId, id);
        const role = await findRole(tx, tenantId, input.role_id);
        if (!role) throw fieldError('role_id', 'The selected role is invalid.');
        assertOutranks(req, member);
        assertHolds(req, role.effective, 'give a role with');
        if (!(role.builtIn && role.slug === OWNER_SLUG)) keepAnOwner('role_id');
        await tx
          .update(memberships)
          .set({ roleId: role.id, updatedAt: sql`now()` })
          .where(and(eq(memberships.tenantId, tenantId), eq(memberships.id, member.membership_id)));
        return memberData(tx, tenantId, id);
      });
      return { message: 'Role updated successfully.', data };
    },
  );

  const setStatus = (status: 'active' | 'inactive') => async (req: FastifyRequest) => {
    const id = readId(req);
    const tenantId = req.tenant!.id;
    if (status === 'inactive' && id === req.user!.id) throw fieldError('user', 'You cannot deactivate yourself.');
    const data = await req.tenantTx(async (tx) => {
      const { member, keepAnOwner } = await lockMember(tx, tenantId, id);
      assertOutranks(req, member);
      if (status === 'inactive') keepAnOwner();
      await tx
        .update(memberships)
        .set({ status, updatedAt: sql`now()` })
        .where(and(eq(memberships.tenantId, tenantId), eq(memberships.id, member.membership_id)));
      return memberData(tx, tenantId, id);
    });
    return { message: status === 'active' ? 'User reactivated successfully.' : 'User deactivated successfully.', data };
  };

  app.post(
    '/users/deactivate/:id',
    { config: { access: 'users.update', activity: { action: 'deactivate', resource: 'user', describe: (req) => `Deactivated ${who(req)}` } } },
    setStatus('inactive'),
  );
  app.post(
    '/users/reactivate/:id',
    { config: { access: 'users.update', activity: { action: 'reactivate', resource: 'user', describe: (req) => `Reactivated ${who(req)}` } } },
    setStatus('active'),
  );

  // removes the membership only: the person keeps their account and their other companies
  app.delete(
    '/users/remove/:id',
    { config: { access: 'users.delete', activity: { action: 'delete', resource: 'user', describe: (req) => `Removed ${who(req)} from the company` } } },
    async (req) => {
      const id = readId(req);
      const tenantId = req.tenant!.id;
      if (id === req.user!.id) throw fieldError('user', 'You cannot remove yourself from the company.');
      await req.tenantTx(async (tx) => {
        const { member, keepAnOwner } = await lockMember(tx, tenantId, id);
        assertOutranks(req, member);
        keepAnOwner();
        await tx.delete(memberships).where(and(eq(memberships.tenantId, tenantId), eq(memberships.id, member.membership_id)));
      });
      return { message: 'User removed from the company.' };
    },
  );

  await app.register(invitationRoutes);
  await app.register(userLogRoutes);
}
