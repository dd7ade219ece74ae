import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedTenant>>;

beforeAll(async () => {
  t = await createTestApp();
  a = await seedTenant(t.database, 'Alpha');
});
afterAll(() => t.close());

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

function multipart(fields: Record<string, string>, file?: { name: string; filename: string; type: string; data: Buffer }) {
  const boundary = '----kazi' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

describe('profile', () => {
  it('reads the signed-in user through /settings/profile/json and the Profile pages', async () => {
    const c = new TestClient(t.app);
    await c.login(a.email, a.password);
    const res = await c.get('/settings/profile/json', { json: true });
    expect(res.json().data).toMatchObject({ id: a.userId, name: 'Alpha Owner', email: a.email, avatar_url: null });
    const index = (await c.get('/profile', { inertia: true })).json();
    expect(index.component).toBe('Profile/Index');
    expect(index.props.memberships).toEqual([{ tenant_id: a.tenantId, tenant_name: 'Alpha', role: 'Owner' }]);
    expect((await c.get('/profile/edit', { inertia: true })).json().component).toBe('Profile/Edit');
  });

  it('updates name and email (verification reset and re-sent), validates, and refuses a taken email', async () => {
    const u = await seedTenant(t.database, 'Gamma');
    await seedTenant(t.database, 'Delta', 'taken@example.test');
    const c = new TestClient(t.app);
    await c.login(u.email, u.password);
    const ok = await c.json('POST', '/settings/profile/update', { name: 'Gamma Boss', email: 'Gamma.Boss@Example.test' });
    expect(ok.json()).toMatchObject({ message: 'Profile updated successfully.', data: { name: 'Gamma Boss', email: 'gamma.boss@example.test', email_verified_at: null } });
    const taken = await c.json('POST', '/settings/profile/update', { name: 'X', email: 'taken@example.test' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email).toEqual(['The email has already been taken.']);
    const bad = await c.json('POST', '/settings/profile/update', { name: '', email: 'nope' });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'name']);
    // an Inertia form post goes back with a flash
    const inertia = await c.post('/settings/profile/update', { name: 'Gamma Chief', email: 'gamma.boss@example.test' }, { inertia: true, headers: { referer: 'http://kazi.test/profile/edit' } });
    expect(inertia.statusCode).toBe(303);
    expect(inertia.headers.location).toBe('/profile/edit');
    const next = (await c.get('/profile/edit', { inertia: true })).json();
    expect(next.props.flash.success).toBe('Profile updated successfully.');
    expect(next.props.user.name).toBe('Gamma Chief');
  });

  it('uploads an avatar (multipart), serves it to signed-in users only, and refuses non-images and big files', async () => {
    const c = new TestClient(t.app);
    await c.login(a.email, a.password);
    const up = multipart({ name: 'Alpha Owner', email: a.email }, { name: 'avatar', filename: 'me.png', type: 'image/png', data: PNG });
    const res = await c.request('POST', '/settings/profile/update', { body: up.body, json: true, headers: { 'content-type': up.type } });
    expect(res.statusCode).toBe(200);
    const url: string = res.json().data.avatar_url;
    expect(url).toMatch(/^\/avatars\/[0-9a-f]{32}\.png$/);
    const img = await c.get(url);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG)).toBe(true);
    expect((await new TestClient(t.app).get(url, { json: true })).statusCode).toBe(401);
    // the shared user prop carries it
    expect((await c.get('/dashboard', { inertia: true })).json().props.auth.user.avatar_url).toBe(url);

    const fake = multipart({ name: 'A', email: a.email }, { name: 'avatar', filename: 'evil.png', type: 'image/png', data: Buffer.from('<script>alert(1)</script>') });
    const refused = await c.request('POST', '/settings/profile/update', { body: fake.body, json: true, headers: { 'content-type': fake.type } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.avatar).toEqual(['The avatar field must be an image of type: jpg, png, webp.']);
    const big = multipart({ name: 'A', email: a.email }, { name: 'avatar', filename: 'big.png', type: 'image/png', data: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]) });
    const tooBig = await c.request('POST', '/settings/profile/update', { body: big.body, json: true, headers: { 'content-type': big.type } });
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().errors.avatar[0]).toMatch(/2048 kilobytes/);
    // still the first avatar; removing it deletes the file
    const file = join(t.config.dataDir, 'avatars', url.split('/').pop()!);
    expect(existsSync(file)).toBe(true);
    const removed = await c.json('POST', '/settings/profile/update', { name: 'Alpha Owner', email: a.email, remove_avatar: true });
    expect(removed.json().data.avatar_url).toBeNull();
    expect(existsSync(file)).toBe(false);
    expect((await c.get('/avatars/../../app.key')).statusCode).toBe(404);
  });

  it('changes the password with the current one, signing out other browsers only', async () => {
    const u = await seedTenant(t.database, 'Epsilon');
    const here = new TestClient(t.app);
    const elsewhere = new TestClient(t.app);
    await here.login(u.email, u.password);
    await elsewhere.login(u.email, u.password);
    const wrong = await here.json('PUT', '/settings/profile/update-password', { current_password: 'nope', password: 'new-password-1', password_confirmation: 'new-password-1' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toEqual(['The password is incorrect.']);
    const mismatch = await here.json('PUT', '/settings/profile/update-password', { current_password: u.password, password: 'new-password-1', password_confirmation: 'other' });
    expect(mismatch.json().errors.password).toEqual(['The password field confirmation does not match.']);
    const ok = await here.json('PUT', '/settings/profile/update-password', { current_password: u.password, password: 'new-password-1', password_confirmation: 'new-password-1' });
    expect(ok.json()).toEqual({ message: 'Password updated successfully.' });
    expect((await here.get('/settings/profile/json', { json: true })).statusCode).toBe(200);
    expect((await elsewhere.get('/settings/profile/json', { json: true })).statusCode).toBe(401);
    await new TestClient(t.app).login(u.email, 'new-password-1');
  });

  it('lists browser sessions and logs out the others after the password', async () => {
    const u = await seedTenant(t.database, 'Zeta');
    const here = new TestClient(t.app);
    const other = new TestClient(t.app);
    await here.login(u.email, u.password);
    await other.login(u.email, u.password);
    const page = (await here.get('/profile/account', { inertia: true })).json();
    expect(page.component).toBe('Profile/Account');
    expect(page.props.sessions).toHaveLength(2);
    expect(page.props.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(page.props.sessions[0].id).toMatch(/^[0-9a-f]{12}$/);
    const wrong = await here.json('POST', '/profile/sessions/logout-others', { password: 'wrong' });
    expect(wrong.statusCode).toBe(422);
    const ok = await here.json('POST', '/profile/sessions/logout-others', { password: u.password });
    expect(ok.json()).toEqual({ message: 'Logged out of 1 other browser session.' });
    expect((await other.get('/settings/profile/json', { json: true })).statusCode).toBe(401);
    expect((await here.get('/settings/profile/json', { json: true })).statusCode).toBe(200);
  });
});

describe('tenant switching', () => {
  it('moves a member of two tenants between them, and refuses a tenant they do not belong to', async () => {
    const { createTenant } = await import('../tenancy/service.js');
    const { withTenant } = await import('../../db/tenancy.js');
    const { memberships, roles } = await import('../tenancy/schema.js');
    const { eq } = await import('drizzle-orm');
    const two = await seedTenant(t.database, 'Home Co', 'two@example.test');
    const other = await createTenant(t.database, { companyName: 'Second Co' }, { name: 'S', email: 's@example.test', passwordHash: 'x' });
    await withTenant(t.database, other.tenantId, async (tx) => {
      const [viewer] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.slug, 'viewer'));
      await tx.insert(memberships).values({ tenantId: other.tenantId, userId: two.userId, roleId: viewer.id });
    });
    const c = new TestClient(t.app);
    await c.login(two.email, two.password);
    const dash = (await c.get('/dashboard', { inertia: true })).json();
    expect(dash.props.tenant.name).toBe('Home Co');
    expect(dash.props.tenants.map((x: { name: string }) => x.name)).toEqual(['Home Co', 'Second Co']);
    const sw = await c.post(`/tenants/switch/${other.tenantId}`, undefined, { inertia: true });
    expect(sw.statusCode).toBe(303);
    const after = (await c.get('/dashboard', { inertia: true })).json();
    expect(after.props.tenant.name).toBe('Second Co');
    expect(after.props.permissions).not.toContain('customers.create');
    expect((await c.json('POST', `/tenants/switch/${a.tenantId}`)).statusCode).toBe(404);
  });
});

describe('error pages and legal pages', () => {
  it('renders errors as the Error page inside the app for page visits, JSON for script calls', async () => {
    const c = new TestClient(t.app);
    await c.login(a.email, a.password);
    const page = await c.get('/no-such-page', { inertia: true });
    expect(page.statusCode).toBe(404);
    expect(page.json()).toMatchObject({ component: 'Error', props: { status: 404, message: 'Not Found.' } });
    expect(page.json().props.auth.user.email).toBe(a.email);
    const html = await c.get('/no-such-page', { headers: { accept: 'text/html' } });
    expect(html.statusCode).toBe(404);
    expect(html.body).toContain('&quot;component&quot;:&quot;Error&quot;'.replace(/&quot;/g, '"'));
    expect((await c.get('/no-such-page', { json: true })).json()).toEqual({ message: 'Not Found.' });
  });

  it('serves the privacy policy and terms publicly', async () => {
    const guest = new TestClient(t.app);
    for (const [url, component] of [['/privacy-policy', 'PrivacyPolicy'], ['/terms-and-conditions', 'TermsAndConditions']]) {
      const res = await guest.get(url, { inertia: true });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ component, props: { company: null, updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) } });
    }
  });
});
