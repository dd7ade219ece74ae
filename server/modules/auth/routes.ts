import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  confirmPasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
} from '../../../common/schemas/auth.js';
import { findCountry } from '../../../common/countries.js';
import { rows } from '../../db/client.js';
import { withUser } from '../../db/tenancy.js';
import { fieldError, HttpError } from '../../http/errors.js';
import { verifySignedUrl } from '../../http/signed-url.js';
import { Throttle } from '../../http/throttle.js';
import { validate } from '../../http/validate.js';
import { HOME, NEW_ACCOUNT } from '../../plugins/auth.js';
import { createTenant, tenantsOfUser } from '../tenancy/service.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { sendVerificationMail } from './verification.js';

const RESET_TTL_MS = 60 * 60 * 1000;
const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
const sha1 = (v: string) => createHash('sha1').update(v).digest('hex');

export const RESET_LINK_SENT = 'If that email address is registered, we have emailed a password reset link.';

/** Laravel Breeze's routes and pages (ARCHITECTURE "HTTP contract"). */
export async function authRoutes(app: FastifyInstance) {
  const { database, mailer, config } = app.ctx;
  const loginThrottle = new Throttle(5, 60_000); // failed attempts per email+ip
  const resetThrottle = new Throttle(5, 60_000); // reset mails and resets per ip
  const verifyThrottle = new Throttle(6, 60_000);

  const guest = { access: 'public' as const, guest: true };
  const done = (req: FastifyRequest, reply: FastifyReply, to: string) =>
    req.wantsJson ? reply.code(204).send() : reply.inertiaRedirect(to);

  const sendVerification = (user: { id: number; email: string; name: string }) => sendVerificationMail(app.ctx, user);

  const intended = (req: FastifyRequest) => {
    const url = req.session.get<string>('url.intended');
    req.session.forget('url.intended');
    return url && url.startsWith('/') && !url.startsWith('//') ? url : HOME;
  };

  app.get('/login', { config: guest }, (req, reply) =>
    reply.inertia('Auth/Login', { canResetPassword: true, status: req.session.pull('status') ?? null }),
  );

  app.post('/login', { config: { ...guest, activity: { action: 'login', resource: 'session', describe: () => 'Signed in' } } }, async (req, reply) => {
    const input = validate(loginSchema, req.body);
    const key = `${input.email}|${req.ip}`;
    loginThrottle.check(key);
    const [user] = await database.query<{ id: number; password_hash: string }>(
      'select id, password_hash from users where lower(email) = $1',
      [input.email],
    );
    if (!user || !(await verifyPassword(input.password, user.password_hash))) {
      loginThrottle.hit(key);
      throw fieldError('email', 'These credentials do not match our records.');
    }
    loginThrottle.clear(key);
    const [first] = await withUser(database, user.id, (tx) => tenantsOfUser(tx, user.id));
    const to = intended(req);
    req.session.login(user.id, first?.id ?? null);
    return done(req, reply, to);
  });

  app.post('/logout', { config: { access: 'authenticated', activity: { action: 'logout', resource: 'session', describe: () => 'Signed out' } } }, async (req, reply) => {
    req.session.logout();
    return done(req, reply, '/');
  });

  app.get('/register', { config: guest }, (_req, reply) => reply.inertia('Auth/Register', {}));

  app.post('/register', { config: guest }, async (req, reply) => {
    const input = validate(registerSchema, req.body);
    const taken = await database.query('select 1 from users where lower(email) = $1', [input.email]);
    if (taken.length) throw fieldError('email', 'The email has already been taken.');
    // the country sets where the company starts: its books' currency, its timezone, its phone country
    const country = findCountry(input.country);
    const { tenantId, userId } = await createTenant(
      database,
      { companyName: input.company_name, currency: country?.currency, timezone: country?.timezone, country: country?.code, phoneCountry: country?.dial || undefined, onboarding: true },
      { name: input.name, email: input.email, passwordHash: await hashPassword(input.password) },
    ).catch((err: { code?: string; cause?: { code?: string } }) => {
      // two registrations racing for one email: the unique index decides
      if (err.code === '23505' || err.cause?.code === '23505') throw fieldError('email', 'The email has already been taken.');
      throw err;
    });
    await sendVerification({ id: userId, email: input.email, name: input.name });
    req.session.login(userId, tenantId);
    // the dashboard greets "Welcome" (not "back") for the rest of the session that made the account
    req.session.put(NEW_ACCOUNT, true);
    return done(req, reply, HOME);
  });

  app.get('/forgot-password', { config: guest }, (req, reply) =>
    reply.inertia('Auth/ForgotPassword', { status: req.session.pull('status') ?? null }),
  );

  app.post('/forgot-password', { config: guest }, async (req, reply) => {
    const input = validate(forgotPasswordSchema, req.body);
    resetThrottle.attempt(`forgot|${req.ip}`);
    const [user] = await database.query<{ email: string; name: string }>(
      'select email, name from users where lower(email) = $1',
      [input.email],
    );
    // the same answer whether or not the address is known: no account discovery
    if (user) {
      const token = randomBytes(32).toString('base64url');
      await database.query(
        `insert into password_reset_tokens (email, token_hash, created_at) values ($1, $2, now())
         on conflict (email) do update set token_hash = excluded.token_hash, created_at = now()`,
        [input.email, sha256(token)],
      );
      const url = `${config.appUrl}/reset-password/${token}?email=${encodeURIComponent(input.email)}`;
      await mailer.send({
        to: user.email,
        subject: 'Reset Password Notification',
        text: `Hello ${user.name},\n\nYou are receiving this email because we received a password reset request for your account.\n\nReset Password: ${url}\n\nThis password reset link will expire in 60 minutes.\n\nIf you did not request a password reset, no further action is required.`,
      });
    }
    if (req.wantsJson) return reply.send({ status: RESET_LINK_SENT });
    req.session.flash('status', RESET_LINK_SENT);
    return reply.inertiaBack();
  });

  app.get<{ Params: { token: string }; Querystring: { email?: string } }>(
    '/reset-password/:token',
    { config: guest },
    (req, reply) =>
      reply.inertia('Auth/ResetPassword', {
        token: req.params.token.slice(0, 200),
        email: typeof req.query.email === 'string' ? req.query.email.slice(0, 255) : '',
      }),
  );

  app.post('/reset-password', { config: guest }, async (req, reply) => {
    const input = validate(resetPasswordSchema, req.body);
    resetThrottle.attempt(`reset|${req.ip}`);
    const [row] = await database.query<{ token_hash: string; created_at: string }>(
      'select token_hash, created_at from password_reset_tokens where email = $1',
      [input.email],
    );
    const valid = row && row.token_hash === sha256(input.token) && Date.now() - new Date(row.created_at).getTime() < RESET_TTL_MS;
    if (!valid) throw fieldError('email', 'This password reset token is invalid.');
    const hash = await hashPassword(input.password);
    await database.db.transaction(async (tx) => {
      const [updated] = await rows<{ id: number }>(
        tx,
        sql`update users set password_hash = ${hash}, updated_at = now() where lower(email) = ${input.email} returning id`,
      );
      const id = updated?.id;
      await tx.execute(sql`delete from password_reset_tokens where email = ${input.email}`);
      // a reset signs the account out everywhere
      if (id) await tx.execute(sql`delete from sessions where user_id = ${id}`);
    });
    if (req.wantsJson) return reply.send({ status: 'Your password has been reset.' });
    req.session.flash('status', 'Your password has been reset.');
    return reply.inertiaRedirect('/login');
  });

  app.get('/verify-email', { config: { access: 'authenticated' } }, (req, reply) => {
    if (req.user!.email_verified_at) return reply.inertiaRedirect(HOME);
    return reply.inertia('Auth/VerifyEmail', { status: req.session.pull('status') ?? null });
  });

  app.get<{ Params: { id: string; hash: string }; Querystring: Record<string, string> }>(
    '/verify-email/:id/:hash',
    { config: { access: 'authenticated' } },
    async (req, reply) => {
      const user = req.user!;
      const path = `/verify-email/${req.params.id}/${req.params.hash}`;
      if (!verifySignedUrl(config.appKey, path, req.query)) throw new HttpError(403, 'Invalid signature.');
      if (String(user.id) !== req.params.id || sha1(user.email) !== req.params.hash) {
        throw new HttpError(403, 'This verification link belongs to another account.');
      }
      if (!user.email_verified_at) {
        await database.query('update users set email_verified_at = now(), updated_at = now() where id = $1', [user.id]);
      }
      req.session.flash('success', 'Your email address is verified.');
      return reply.redirect(`${HOME}?verified=1`);
    },
  );

  app.post('/email/verification-notification', { config: { access: 'authenticated' } }, async (req, reply) => {
    const user = req.user!;
    if (user.email_verified_at) return done(req, reply, HOME);
    verifyThrottle.attempt(`verify|${user.id}`);
    await sendVerification(user);
    if (req.wantsJson) return reply.code(202).send({ status: 'verification-link-sent' });
    req.session.flash('status', 'verification-link-sent');
    return reply.inertiaBack();
  });

  app.get('/confirm-password', { config: { access: 'authenticated' } }, (_req, reply) =>
    reply.inertia('Auth/ConfirmPassword', {}),
  );

  app.post('/confirm-password', { config: { access: 'authenticated' } }, async (req, reply) => {
    const input = validate(confirmPasswordSchema, req.body);
    const key = `confirm|${req.user!.id}`;
    loginThrottle.check(key);
    const [row] = await database.query<{ password_hash: string }>('select password_hash from users where id = $1', [
      req.user!.id,
    ]);
    if (!row || !(await verifyPassword(input.password, row.password_hash))) {
      loginThrottle.hit(key);
      throw fieldError('password', 'The provided password is incorrect.');
    }
    req.session.passwordConfirmedAt = new Date();
    req.session.dirty = true;
    return done(req, reply, intended(req));
  });
}
