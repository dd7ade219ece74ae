import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { passwordUpdateSchema, profileSchema } from '../../../common/schemas/profile.js';
import { rows } from '../../db/client.js';
import { withUser } from '../../db/tenancy.js';
import { fieldError, notFound } from '../../http/errors.js';
import { validate } from '../../http/validate.js';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { sendVerificationMail } from '../auth/verification.js';
import { avatarDir, avatarUrl, readImageUpload, removeAvatar, sendImage, storeAvatar } from './avatars.js';

interface UserRow {
  id: number;
  name: string;
  email: string;
  avatar: string | null;
  email_verified_at: string | null;
  created_at: string;
  password_hash: string;
}

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

/** Profile pages and the profile JSON endpoints of SPEC §7 (the signed-in user's own account). */
export async function profileRoutes(app: FastifyInstance) {
  const { database, config } = app.ctx;
  const signedIn = { access: 'authenticated' as const };

  const load = async (id: number) => {
    const [u] = await database.query<UserRow>(
      'select id, name, email, avatar, email_verified_at, created_at, password_hash from users where id = $1',
      [id],
    );
    if (!u) throw notFound('User');
    return u;
  };
  const present = (u: UserRow) => ({
    id: u.id,
    name: u.name,
    email: u.email,
    avatar_url: avatarUrl(u.avatar),
    email_verified_at: iso(u.email_verified_at),
    created_at: iso(u.created_at),
  });
  /** Inertia forms go back with a flash; script calls get JSON. */
  const answer = (req: FastifyRequest, reply: FastifyReply, message: string, data?: unknown) => {
    if (req.wantsJson) return reply.send(data === undefined ? { message } : { message, data });
    req.session.flash('success', message);
    return reply.inertiaBack();
  };

  app.get('/profile', { config: signedIn }, async (req, reply) => {
    const user = present(await load(req.user!.id));
    const memberships = await withUser(database, req.user!.id, (tx) =>
      rows<{ tenant_id: number; tenant_name: string; role: string }>(
        tx,
        sql`select m.tenant_id, coalesce(t.settings->>'name', t.name) as tenant_name, r.name as role
              from memberships m join tenants t on t.id = m.tenant_id
              left join roles r on r.tenant_id = m.tenant_id and r.id = m.role_id
             where m.user_id = ${req.user!.id} and m.status = 'active' order by tenant_name`,
      ),
    );
    return reply.inertia('Profile/Index', { user, memberships });
  });

  app.get('/profile/edit', { config: signedIn }, async (req, reply) =>
    reply.inertia('Profile/Edit', { user: present(await load(req.user!.id)) }),
  );

  app.get('/profile/account', { config: signedIn }, async (req, reply) => {
    const sessions = await database.query<{ id: string; ip_address: string | null; user_agent: string | null; last_activity: string }>(
      `select id, ip_address, user_agent, last_activity from sessions
        where user_id = $1 and expires_at > now() order by last_activity desc limit 50`,
      [req.user!.id],
    );
    return reply.inertia('Profile/Account', {
      sessions: sessions.map((s) => ({
        // never the stored hash itself: a short, stable label is enough for the page
        id: sha256(s.id).slice(0, 12),
        ip_address: s.ip_address,
        user_agent: s.user_agent,
        last_activity: iso(s.last_activity),
        current: s.id === req.session.id,
      })),
    });
  });

  app.get('/settings/profile/json', { config: signedIn }, async (req) => ({ data: present(await load(req.user!.id)) }));

  app.post('/settings/profile/update', { config: signedIn }, async (req, reply) => {
    const { fields, file: avatar } = await readImageUpload(req, 'avatar');
    const input = validate(profileSchema, fields);
    const current = await load(req.user!.id);
    if (input.email !== current.email.toLowerCase()) {
      const taken = await database.query('select 1 from users where lower(email) = $1 and id <> $2', [input.email, current.id]);
      if (taken.length) throw fieldError('email', 'The email has already been taken.');
    }
    let file = current.avatar;
    if (avatar) file = storeAvatar(config.dataDir, avatar);
    else if (fields.remove_avatar === true || fields.remove_avatar === 'true' || fields.remove_avatar === '1') file = null;
    const emailChanged = input.email !== current.email.toLowerCase();
    await database.query(
      `update users set name = $2, email = $3, avatar = $4, updated_at = now(),
              email_verified_at = case when $5::boolean then null else email_verified_at end
        where id = $1`,
      [current.id, input.name, input.email, file, emailChanged],
    );
    if (file !== current.avatar) removeAvatar(config.dataDir, current.avatar);
    if (emailChanged) await sendVerificationMail(app.ctx, { id: current.id, email: input.email, name: input.name });
    return answer(req, reply, 'Profile updated successfully.', present(await load(current.id)));
  });

  app.put('/settings/profile/update-password', { config: signedIn }, async (req, reply) => {
    const input = validate(passwordUpdateSchema, req.body);
    const current = await load(req.user!.id);
    if (!(await verifyPassword(input.current_password, current.password_hash))) {
      throw fieldError('current_password', 'The password is incorrect.');
    }
    await database.query('update users set password_hash = $2, updated_at = now() where id = $1', [
      current.id,
      await hashPassword(input.password),
    ]);
    // other browsers must sign in again with the new password; this one stays signed in
    await database.query('delete from sessions where user_id = $1 and id <> $2', [current.id, req.session.id]);
    return answer(req, reply, 'Password updated successfully.');
  });

  app.post('/profile/sessions/logout-others', { config: signedIn }, async (req, reply) => {
    const { password } = validate(passwordOnly, req.body);
    const current = await load(req.user!.id);
    if (!(await verifyPassword(password, current.password_hash))) throw fieldError('password', 'The password is incorrect.');
    const gone = await database.query('delete from sessions where user_id = $1 and id <> $2 returning id', [current.id, req.session.id]);
    return answer(req, reply, gone.length === 1 ? 'Logged out of 1 other browser session.' : `Logged out of ${gone.length} other browser sessions.`);
  });

  // avatars are only for signed-in users; names are random and checked against a strict pattern
  app.get<{ Params: { file: string } }>('/avatars/:file', { config: signedIn }, async (req, reply) =>
    sendImage(reply, avatarDir(config.dataDir), req.params.file, 'private, max-age=86400'),
  );
}

const passwordOnly = z.object({ password: z.string().min(1).max(200) });
