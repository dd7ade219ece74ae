import { checkAllowance } from '../../http/allowance.js';
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { acceptInvitationSchema, inviteSchema, NEW_PASSWORD_MIN } from '../../../common/schemas/users.js';
import { rows, type Tx } from '../../db/client.js';
import { enterTenant, withTenant } from '../../db/tenancy.js';
import { fieldError, HttpError, notFound, ValidationError } from '../../http/errors.js';
import { Throttle } from '../../http/throttle.js';
import { validate } from '../../http/validate.js';
import { HOME, NEW_ACCOUNT } from '../../plugins/auth.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { assertHolds, findRole } from '../roles/resource.js';
import { memberships, users } from '../tenancy/schema.js';
import { invitations } from './schema.js';
import { isoTimestamp as iso } from '../../db/sql.js';

export const INVITATION_DAYS = 7;
const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
const idParam = z.object({ id: z.string().regex(/^[1-9]\d{0,15}$/) });
const linkParams = z.object({ tenant: z.string().regex(/^[1-9]\d{0,15}$/), token: z.string().regex(/^[\w-]{20,100}$/) });

const INVALID_LINK = 'This invitation link is invalid or has already been used.';
const EXPIRED = 'This invitation has expired. Ask for a new one.';

/** An invitation as the Users page lists it. */
const invitationFields = {
  id: invitations.id,
  email: invitations.email,
  // table-qualified by hand: Drizzle writes bare column names in RETURNING, which a subquery would rebind
  role: sql<{ id: number; name: string } | null>`(select json_build_object('id', r.id, 'name', r.name) from roles r where r.tenant_id = "invitations"."tenant_id" and r.id = "invitations"."role_id")`,
  invited_by: sql<{ id: number; name: string } | null>`(select json_build_object('id', u.id, 'name', u.name) from users u where u.id = "invitations"."invited_by")`,
  expires_at: iso(invitations.expiresAt),
  expired: sql<boolean>`(${invitations.expiresAt} <= now())`,
  created_at: iso(invitations.createdAt),
};

interface Link {
  id: number;
  email: string;
  role_id: number;
  role: string;
  company: string;
  expired: boolean;
  accepted: boolean;
}

/** The invitation behind a link, read inside the tenant named by the link. */
async function readLink(tx: Tx, tenantId: number, token: string, lock = false): Promise<Link | null> {
  const [row] = await rows<Link>(
    tx,
    sql`select i.id, i.email, i.role_id, r.name as role, coalesce(t.settings->>'name', t.name) as company,
               (i.expires_at <= now()) as expired, (i.accepted_at is not null) as accepted
          from invitations i
          join roles r on r.tenant_id = i.tenant_id and r.id = i.role_id
          join tenants t on t.id = i.tenant_id
         where i.tenant_id = ${tenantId} and i.token_hash = ${sha256(token)}
         ${lock ? sql`for update of i` : sql``}`,
  );
  return row ?? null;
}

function parseLink(req: FastifyRequest) {
  const p = linkParams.safeParse(req.params);
  if (!p.success) throw new HttpError(404, INVALID_LINK);
  return { tenantId: Number(p.data.tenant), token: p.data.token };
}

/** Invitations: sent from the Users page, accepted through the mailed link (public). */
export async function invitationRoutes(app: FastifyInstance) {
  const { database, mailer, config } = app.ctx;
  const acceptThrottle = new Throttle(5, 60_000); // wrong passwords per address + IP

  app.get('/users/invitations', { config: { access: 'users.view' } }, async (req) => {
    const data = await req.tenantTx((tx) =>
      tx
        .select(invitationFields)
        .from(invitations)
        .where(and(eq(invitations.tenantId, req.tenant!.id), isNull(invitations.acceptedAt)))
        .orderBy(desc(invitations.createdAt), desc(invitations.id))
        .limit(500),
    );
    return { data };
  });

  app.post(
    '/users/invite',
    {
      config: {
        access: 'users.invite',
        activity: { action: 'invite', resource: 'user', describe: (req) => `Invited ${(req.body as { email?: string }).email ?? 'someone'}` },
      },
    },
    async (req, reply) => {
      const input = validate(inviteSchema, req.body);
      const tenant = req.tenant!;
      const token = randomBytes(32).toString('base64url');
      const { data, role } = await req.tenantTx(async (tx) => {
        const role = await findRole(tx, tenant.id, input.role_id);
        if (!role) throw fieldError('role_id', 'The selected role is invalid.');
        assertHolds(req, role.effective, 'give a role with');
        const member = await rows(
          tx,
          sql`select 1 from memberships m join users u on u.id = m.user_id
               where m.tenant_id = ${tenant.id} and lower(u.email) = ${input.email}`,
        );
        if (member.length) throw fieldError('email', 'This person is already a member of the company.');
        // members plus pending invitations count against the plan's users (a replaced invitation is the same seat)
        const [pending] = await rows(
          tx,
          sql`select 1 from invitations where tenant_id = ${tenant.id} and email = ${input.email} and accepted_at is null and expires_at > now()`,
        );
        if (!pending) await checkAllowance(tx, tenant.id, 'users', 1);
        // a new invitation replaces any pending one for the same address (the old link stops working)
        await tx
          .delete(invitations)
          .where(and(eq(invitations.tenantId, tenant.id), eq(invitations.email, input.email), isNull(invitations.acceptedAt)));
        const [data] = await tx
          .insert(invitations)
          .values({
            tenantId: tenant.id,
            email: input.email,
            roleId: role.id,
            tokenHash: sha256(token),
            invitedBy: req.user!.id,
            expiresAt: sql`now() + ${`${INVITATION_DAYS} days`}::interval`,
          })
          .returning(invitationFields);
        return { data, role };
      });
      const url = `${config.appUrl}/invitations/${tenant.id}/${token}`;
      await mailer.send({
        to: input.email,
        subject: `You are invited to join ${tenant.name}`,
        text:
          `Hello,\n\n${req.user!.name} invited you to join ${tenant.name} on Kazi as ${role.name}.\n\n` +
          `Accept the invitation: ${url}\n\nThis invitation expires in ${INVITATION_DAYS} days. ` +
          `If you were not expecting it, you can ignore this email.`,
      });
      return reply.code(201).send({ message: `Invitation sent to ${input.email}.`, data });
    },
  );

  app.delete('/users/invitations/:id', { config: { access: 'users.invite', activity: { action: 'delete', resource: 'invitation' } } }, async (req) => {
    const p = idParam.safeParse(req.params);
    if (!p.success) throw notFound('Invitation');
    const gone = await req.tenantTx((tx) =>
      tx
        .delete(invitations)
        .where(and(eq(invitations.tenantId, req.tenant!.id), eq(invitations.id, Number(p.data.id)), isNull(invitations.acceptedAt)))
        .returning({ id: invitations.id }),
    );
    if (!gone.length) throw notFound('Invitation');
    return { message: 'Invitation cancelled.' };
  });

  // ------------------------------------------------------------- the mailed link

  app.get('/invitations/:tenant/:token', { config: { access: 'public', activity: false } }, async (req, reply) => {
    const { tenantId, token } = parseLink(req);
    const link = await withTenant(database, tenantId, (tx) => readLink(tx, tenantId, token));
    if (!link || link.accepted) throw new HttpError(404, INVALID_LINK);
    const [account] = await database.query('select 1 from users where lower(email) = $1', [link.email]);
    return reply.inertia('Auth/AcceptInvitation', {
      email: link.email,
      company: link.company,
      role: link.role,
      needsAccount: !account,
      expired: link.expired,
    });
  });

  app.post(
    '/invitations/:tenant/:token',
    { config: { access: 'public', activity: { action: 'accept', resource: 'invitation', describe: () => 'Joined the company by invitation' } } },
    async (req, reply) => {
      const { tenantId, token } = parseLink(req);
      const input = validate(acceptInvitationSchema, req.body);
      const link = await withTenant(database, tenantId, (tx) => readLink(tx, tenantId, token));
      if (!link || link.accepted) throw new HttpError(404, INVALID_LINK);
      if (link.expired) throw fieldError('invitation', EXPIRED);

      const [account] = await database.query<{ id: number; password_hash: string }>(
        'select id, password_hash from users where lower(email) = $1',
        [link.email],
      );
      let newUser: { name: string; passwordHash: string } | null = null;
      if (account && req.user?.id !== account.id) {
        // an existing account that is not the one signed in: its password proves the invitee
        const key = `accept|${link.email}|${req.ip}`;
        acceptThrottle.check(key);
        if (!input.password) throw fieldError('password', 'The password field is required.');
        if (!(await verifyPassword(input.password, account.password_hash))) {
          acceptThrottle.hit(key);
          throw fieldError('password', 'The provided password is incorrect.');
        }
        acceptThrottle.clear(key);
      } else if (!account) {
        const errors: Record<string, string[]> = {};
        if (!input.name) errors.name = ['The name field is required.'];
        if (!input.password) errors.password = ['The password field is required.'];
        else if (input.password.length < NEW_PASSWORD_MIN) errors.password = [`The password field must be at least ${NEW_PASSWORD_MIN} characters.`];
        else if (input.password !== input.password_confirmation) errors.password = ['The password field confirmation does not match.'];
        if (Object.keys(errors).length) throw new ValidationError(errors);
        newUser = { name: input.name!, passwordHash: await hashPassword(input.password!) };
      }

      // one transaction: the account (global, as the owner connection), then the tenant's rows under RLS
      const userId = await database.db
        .transaction(async (tx) => {
          let id = account?.id;
          if (newUser) {
            const [created] = await tx
              .insert(users)
              .values({ name: newUser.name, email: link.email, passwordHash: newUser.passwordHash, emailVerifiedAt: sql`now()` })
              .returning({ id: users.id });
            id = created.id;
          }
          await enterTenant(tx, tenantId);
          const fresh = await readLink(tx, tenantId, token, true);
          if (!fresh || fresh.accepted) throw new HttpError(404, INVALID_LINK);
          if (fresh.expired) throw fieldError('invitation', EXPIRED);
          const already = await tx
            .select({ id: memberships.id })
            .from(memberships)
            .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, id!)));
          if (already.length) throw fieldError('invitation', `You are already a member of ${fresh.company}.`);
          await tx.insert(memberships).values({ tenantId, userId: id!, roleId: fresh.role_id });
          await tx
            .update(invitations)
            .set({ acceptedAt: sql`now()`, updatedAt: sql`now()` })
            .where(and(eq(invitations.tenantId, tenantId), eq(invitations.id, fresh.id)));
          return id!;
        })
        .catch((err: { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } }) => {
          // two acceptances racing: the unique indexes decide
          const pg = err.cause?.code ? err.cause : err;
          if (pg.code !== '23505') throw err;
          if (pg.constraint === 'memberships_tenant_user_unique') throw fieldError('invitation', `You are already a member of ${link.company}.`);
          throw fieldError('email', 'The email has already been taken.');
        });

      req.session.login(userId, tenantId);
      // an account made by this invitation: its first dashboard says "Welcome" (decision 0023-forms)
      if (newUser) req.session.put(NEW_ACCOUNT, true);
      const message = `Welcome to ${link.company}.`;
      if (req.wantsJson) return reply.send({ message, redirect: HOME });
      req.session.flash('success', message);
      return reply.inertiaRedirect(HOME);
    },
  );
}
