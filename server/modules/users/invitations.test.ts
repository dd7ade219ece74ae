import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../db/client.js';
import { withTenant } from '../../db/tenancy.js';
import { createTestApp, seedTenant, TEST_PASSWORD, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { decodeQuotedPrintable, startSmtp } from '../../testing/smtp.js';
import { addMember, roleId } from './test-helpers.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let a: Awaited<ReturnType<typeof seedTenant>>;
let b: Awaited<ReturnType<typeof seedTenant>>;
let owner: TestClient;

const signIn = async (m: { email: string; password: string }) => {
  const c = new TestClient(t.app);
  await c.login(m.email, m.password);
  return c;
};

/** the n-th invitation mail to an address, and the path of its link */
async function invitationLink(to: string, nth = 1) {
  await expect.poll(() => smtp.received.filter((m) => m.to.includes(to)).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(nth);
  const mail = smtp.received.filter((m) => m.to.includes(to))[nth - 1];
  const body = decodeQuotedPrintable(mail.raw);
  const url = body.match(/http:\/\/kazi\.test\/invitations\/(\d+)\/([\w-]+)/);
  expect(url).not.toBeNull();
  return { raw: mail.raw, path: `/invitations/${url![1]}/${url![2]}`, tenant: Number(url![1]), token: url![2] };
}

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ MAIL_URL: smtp.url });
  a = await seedTenant(t.database, 'Alpha');
  b = await seedTenant(t.database, 'Beta');
  owner = await signIn(a);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('inviting', () => {
  it('mails a 7-day link; the token is stored hashed; a new person accepts it, gets an account, the role and a session', async () => {
    const accountant = await roleId(t.database, a.tenantId, 'accountant');
    const res = await owner.json('POST', '/users/invite', { email: 'New.Person@Example.test', role_id: accountant });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Invitation sent to new.person@example.test.',
      data: { email: 'new.person@example.test', role: { id: accountant, name: 'Accountant' }, invited_by: { id: a.userId, name: 'Alpha Owner' }, expired: false },
    });
    const expires = Date.parse(res.json().data.expires_at);
    expect(Math.abs(expires - (Date.now() + 7 * 86_400_000))).toBeLessThan(60_000);

    const link = await invitationLink('new.person@example.test');
    expect(link.raw).toContain('Subject: You are invited to join Alpha');
    expect(link.tenant).toBe(a.tenantId);
    const [stored] = await withTenant(t.database, a.tenantId, (tx) =>
      rows<{ token_hash: string }>(tx, sql`select token_hash from invitations where email = 'new.person@example.test'`),
    );
    expect(stored.token_hash).not.toContain(link.token);
    expect(stored.token_hash).toBe(createHash('sha256').update(link.token).digest('hex'));

    const pending = (await owner.get('/users/invitations', { json: true })).json().data;
    expect(pending.map((i: { email: string }) => i.email)).toEqual(['new.person@example.test']);

    const guest = new TestClient(t.app);
    const page = await guest.get(link.path, { inertia: true });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      component: 'Auth/AcceptInvitation',
      props: { email: 'new.person@example.test', company: 'Alpha', role: 'Accountant', needsAccount: true, expired: false },
    });

    const short = await guest.post(link.path, { name: 'New Person', password: 'short', password_confirmation: 'short' }, { json: true });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password).toEqual(['The password field must be at least 8 characters.']);
    const missing = await guest.post(link.path, {}, { json: true });
    expect(Object.keys(missing.json().errors).sort()).toEqual(['name', 'password']);

    const accepted = await guest.post(link.path, { name: 'New Person', password: 'brand-new-pass', password_confirmation: 'brand-new-pass' }, { inertia: true });
    expect(accepted.statusCode).toBe(303);
    expect(accepted.headers.location).toBe('/dashboard');
    const dash = (await guest.get('/dashboard', { inertia: true })).json();
    expect(dash.props.auth.user).toMatchObject({ name: 'New Person', email: 'new.person@example.test' });
    expect(dash.props.auth.user.email_verified_at).not.toBeNull();
    expect(dash.props.tenant.name).toBe('Alpha');
    expect(dash.props.flash.success).toBe('Welcome to Alpha.');
    // an account made by the invitation: its first dashboard greets "Welcome", not "Welcome back"
    expect(dash.props.first_visit).toBe(true);
    const roleOf = (await owner.get(`/roles/get-role/${accountant}`, { json: true })).json().data;
    const perms = (await guest.get('/roles/active-permissions', { json: true })).json().permissions;
    expect(perms).toEqual(roleOf.permissions);
    expect(perms).toContain('invoices.create');
    const members = (await owner.get('/users/json?search=new.person', { json: true })).json().data;
    expect(members).toMatchObject([{ name: 'New Person', role: { name: 'Accountant' }, status: 'active' }]);
    expect((await owner.get('/users/invitations', { json: true })).json().data).toEqual([]);

    // used once: the link is gone; the password works for a normal sign-in
    expect((await guest.get(link.path, { json: true })).statusCode).toBe(404);
    const reuse = await new TestClient(t.app).post(link.path, { name: 'X', password: 'brand-new-pass', password_confirmation: 'brand-new-pass' }, { json: true });
    expect(reuse.statusCode).toBe(419);
    const fresh = new TestClient(t.app);
    await fresh.get('/login');
    expect((await fresh.post(link.path, { name: 'X', password: 'brand-new-pass', password_confirmation: 'brand-new-pass' }, { json: true })).statusCode).toBe(404);
    await signIn({ email: 'new.person@example.test', password: 'brand-new-pass' });
  });

  it('an existing user of another company accepts while signed in: member with that role, signed into the inviting company', async () => {
    const viewerRole = await roleId(t.database, a.tenantId, 'viewer');
    expect((await owner.json('POST', '/users/invite', { email: b.email, role_id: viewerRole })).statusCode).toBe(201);
    const link = await invitationLink(b.email);
    const betaOwner = await signIn(b);
    expect((await betaOwner.get('/settings/company/json', { json: true })).json().data.value.name).toBe('Beta');
    const page = (await betaOwner.get(link.path, { inertia: true })).json();
    expect(page.props).toMatchObject({ needsAccount: false, expired: false, role: 'Viewer' });
    const res = await betaOwner.post(link.path, {}, { inertia: true });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/dashboard');
    expect((await betaOwner.get('/settings/company/json', { json: true })).json().data.value.name).toBe('Alpha');
    // an existing account is welcomed back
    expect((await betaOwner.get('/dashboard', { inertia: true })).json().props.first_visit).toBe(false);
    const perms = (await betaOwner.get('/roles/active-permissions', { json: true })).json().permissions as string[];
    expect(perms.every((p) => p.endsWith('.view'))).toBe(true);
    expect(perms).toContain('users.view');
    // the acceptance is in Alpha's activity log, without the token
    await t.app.activity.flush();
    const [accept] = await withTenant(t.database, a.tenantId, (tx) =>
      rows<{ action_type: string; url: string; description: string }>(tx, sql`select action_type, url, description from activity_logs where user_id = ${b.userId} and type = 'activity'`),
    );
    expect(accept).toEqual({ action_type: 'accept', url: `/invitations/${a.tenantId}/:token`, description: 'Joined the company by invitation' });
    // still the owner of Beta
    expect((await betaOwner.json('POST', `/tenants/switch/${b.tenantId}`)).statusCode).toBe(200);
    expect((await betaOwner.get('/roles/active-permissions', { json: true })).json().permissions).toContain('subscriptions.update');
  });

  it('an existing account that is not signed in proves itself with its password', async () => {
    const c = await seedTenant(t.database, 'Gamma');
    const viewerRole = await roleId(t.database, a.tenantId, 'viewer');
    await owner.json('POST', '/users/invite', { email: c.email, role_id: viewerRole });
    const link = await invitationLink(c.email);
    const guest = new TestClient(t.app);
    expect((await guest.get(link.path, { inertia: true })).json().props.needsAccount).toBe(false);
    const none = await guest.post(link.path, {}, { json: true });
    expect(none.json().errors.password).toEqual(['The password field is required.']);
    const wrong = await guest.post(link.path, { password: 'not-the-password' }, { json: true });
    expect(wrong.json().errors.password).toEqual(['The provided password is incorrect.']);
    const ok = await guest.post(link.path, { password: TEST_PASSWORD }, { json: true });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Welcome to Alpha.', redirect: '/dashboard' });
    expect((await guest.get('/settings/company/json', { json: true })).json().data.value.name).toBe('Alpha');
  });

  it('re-inviting a pending address replaces the invitation: the old link stops working', async () => {
    const viewerRole = await roleId(t.database, a.tenantId, 'viewer');
    const adminRole = await roleId(t.database, a.tenantId, 'admin');
    await owner.json('POST', '/users/invite', { email: 'twice@example.test', role_id: viewerRole });
    const first = await invitationLink('twice@example.test', 1);
    await owner.json('POST', '/users/invite', { email: 'twice@example.test', role_id: adminRole });
    const second = await invitationLink('twice@example.test', 2);
    expect(second.token).not.toBe(first.token);
    const guest = new TestClient(t.app);
    expect((await guest.get(first.path, { json: true })).statusCode).toBe(404);
    expect((await guest.get(second.path, { inertia: true })).json().props.role).toBe('Admin');
    const pending = (await owner.get('/users/invitations', { json: true })).json().data.filter((i: { email: string }) => i.email === 'twice@example.test');
    expect(pending).toHaveLength(1);
  });

  it('refuses members, unknown roles, roles the inviter could not give, and bad addresses (422/403)', async () => {
    const viewerRole = await roleId(t.database, a.tenantId, 'viewer');
    const member = await owner.json('POST', '/users/invite', { email: a.email.toUpperCase(), role_id: viewerRole });
    expect(member.statusCode).toBe(422);
    expect(member.json().errors.email).toEqual(['This person is already a member of the company.']);
    const foreignRole = await roleId(t.database, b.tenantId, 'viewer');
    const foreign = await owner.json('POST', '/users/invite', { email: 'z@example.test', role_id: foreignRole });
    expect(foreign.json().errors.role_id).toEqual(['The selected role is invalid.']);
    const bad = await owner.json('POST', '/users/invite', { email: 'not-an-email', role_id: 'abc' });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'role_id']);
    const admin = await addMember(t.database, a.tenantId, 'admin', 'inviting-admin@alpha.test');
    const adminClient = await signIn(admin);
    const ownerRole = await roleId(t.database, a.tenantId, 'owner');
    const escalate = await adminClient.json('POST', '/users/invite', { email: 'boss@example.test', role_id: ownerRole });
    expect(escalate.statusCode).toBe(403);
    expect((await adminClient.json('POST', '/users/invite', { email: 'clerk@example.test', role_id: viewerRole })).statusCode).toBe(201);
  });

  it('an expired invitation shows as expired and cannot be accepted; a cancelled one is gone', async () => {
    const viewerRole = await roleId(t.database, a.tenantId, 'viewer');
    await owner.json('POST', '/users/invite', { email: 'late@example.test', role_id: viewerRole });
    const link = await invitationLink('late@example.test');
    await withTenant(t.database, a.tenantId, (tx) => tx.execute(sql`update invitations set expires_at = now() - interval '1 minute' where email = 'late@example.test'`));
    const guest = new TestClient(t.app);
    expect((await guest.get(link.path, { inertia: true })).json().props).toMatchObject({ expired: true, needsAccount: true });
    const res = await guest.post(link.path, { name: 'Late', password: 'late-but-long', password_confirmation: 'late-but-long' }, { json: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.invitation).toEqual(['This invitation has expired. Ask for a new one.']);
    expect((await t.database.query("select 1 from users where email = 'late@example.test'")).length).toBe(0);
    const listed = (await owner.get('/users/invitations', { json: true })).json().data.find((i: { email: string }) => i.email === 'late@example.test');
    expect(listed.expired).toBe(true);

    await owner.json('POST', '/users/invite', { email: 'cancel@example.test', role_id: viewerRole });
    const cancelLink = await invitationLink('cancel@example.test');
    const inv = (await owner.get('/users/invitations', { json: true })).json().data.find((i: { email: string }) => i.email === 'cancel@example.test');
    // another company cannot cancel it
    const beta = await signIn(b);
    expect((await beta.json('DELETE', `/users/invitations/${inv.id}`)).statusCode).toBe(404);
    const del = await owner.json('DELETE', `/users/invitations/${inv.id}`);
    expect(del.json()).toEqual({ message: 'Invitation cancelled.' });
    expect((await owner.json('DELETE', `/users/invitations/${inv.id}`)).statusCode).toBe(404);
    expect((await guest.get(cancelLink.path, { json: true })).statusCode).toBe(404);
  });

  it('a link naming another company, or a made-up token, is a 404', async () => {
    const viewerRole = await roleId(t.database, a.tenantId, 'viewer');
    await owner.json('POST', '/users/invite', { email: 'wrong-tenant@example.test', role_id: viewerRole });
    const link = await invitationLink('wrong-tenant@example.test');
    const guest = new TestClient(t.app);
    for (const path of [`/invitations/${b.tenantId}/${link.token}`, `/invitations/${a.tenantId}/${'x'.repeat(43)}`, `/invitations/0/${link.token}`, '/invitations/abc/def']) {
      const res = await guest.get(path, { json: true });
      expect(res.statusCode, path).toBe(404);
      expect(res.json().message).toBe('This invitation link is invalid or has already been used.');
    }
  });
});
