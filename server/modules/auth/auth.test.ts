import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedTenant, TEST_PASSWORD, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { finishOnboarding } from '../../testing/onboarding.js';
import { decodeQuotedPrintable, startSmtp } from '../../testing/smtp.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ MAIL_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('registration', () => {
  it('creates a tenant (UTC, settings.name = company) with its owner, signs in and lands on the dashboard', async () => {
    const c = new TestClient(t.app);
    await c.get('/register');
    const res = await c.post(
      '/register',
      { name: 'Wanjiru', email: 'Wanjiru@Example.test', password: 'secret-pass-1', password_confirmation: 'secret-pass-1', company_name: 'Tausi Crafts' },
      { inertia: true },
    );
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/dashboard');
    // a new company is set up first (plan and trial); the dashboard waits behind onboarding
    expect((await c.get('/dashboard')).headers.location).toBe('/onboarding');
    await finishOnboarding(t, c);
    const dash = await c.get('/dashboard', { inertia: true });
    expect(dash.statusCode).toBe(200);
    const p = dash.json();
    expect(p.component).toBe('Dashboard');
    expect(p.props.auth.user).toMatchObject({ name: 'Wanjiru', email: 'wanjiru@example.test', email_verified_at: null });
    expect(p.props.tenant).toMatchObject({ name: 'Tausi Crafts', timezone: 'UTC', logo_light: null, logo_dark: null });
    const company = await c.get('/settings/company/json', { json: true });
    expect(company.json()).toEqual({ data: { value: { name: 'Tausi Crafts', timezone: 'UTC' }, logo_light: null, logo_dark: null } });
    // the verification mail went out through the queue to the real SMTP listener
    const mail = await smtp.waitFor('wanjiru@example.test');
    expect(mail.raw).toContain('Subject: Verify Email Address');
  });

  it('refuses a taken email, a short password and a mismatched confirmation, creating nothing', async () => {
    await seedTenant(t.database, 'Taken', 'taken@example.test');
    const before = await t.database.query<{ n: number }>('select count(*)::int as n from tenants');
    const c = new TestClient(t.app);
    await c.get('/register');
    const res = await c.post(
      '/register',
      { name: 'X', email: 'TAKEN@example.test', password: 'short', password_confirmation: 'other', company_name: '' },
      { json: true },
    );
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.errors.password[0]).toBe('The password field must be at least 8 characters.');
    expect(body.errors.company_name[0]).toBe('The company name field is required.');
    const again = await c.post(
      '/register',
      { name: 'X', email: 'TAKEN@example.test', password: 'long-enough', password_confirmation: 'long-enough', company_name: 'Y' },
      { json: true },
    );
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.email).toEqual(['The email has already been taken.']);
    const after = await t.database.query<{ n: number }>('select count(*)::int as n from tenants');
    expect(after[0].n).toBe(before[0].n);
  });

  it('an Inertia form post with errors goes back (303) and the next page carries them as the errors prop', async () => {
    const c = new TestClient(t.app);
    await c.get('/register');
    const res = await c.post('/register', { name: '', email: 'nope' }, { inertia: true, headers: { referer: 'http://kazi.test/register' } });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/register');
    const next = await c.get('/register', { inertia: true });
    expect(next.json().props.errors).toMatchObject({
      name: 'The name field is required.',
      email: 'The email field must be a valid email address.',
    });
    const again = await c.get('/register', { inertia: true });
    expect(again.json().props.errors).toEqual({});
  });
});

describe('registration: the country, and the first greeting', () => {
  it('a Kenyan company starts in KES, on Nairobi time, with +254 phones; the first dashboard says "Welcome", a later sign-in "Welcome back"', async () => {
    const c = new TestClient(t.app);
    await c.get('/register');
    const res = await c.post(
      '/register',
      { name: 'Achieng', email: 'achieng@example.test', password: 'secret-pass-1', password_confirmation: 'secret-pass-1', company_name: 'Ziwa Fish', country: 'KE' },
      { inertia: true },
    );
    expect(res.statusCode).toBe(303);
    await finishOnboarding(t, c);
    const dash = (await c.get('/dashboard', { inertia: true })).json();
    expect(dash.props.first_visit).toBe(true);
    expect(dash.props.tenant).toMatchObject({ name: 'Ziwa Fish', timezone: 'Africa/Nairobi', phone_country: '254' });
    const currency = await c.get('/settings/accounting/currencies/default', { json: true });
    expect(currency.json().data).toMatchObject({ code: 'KES', symbol: 'KSh', is_default: true });
    // still the session that made the account
    expect((await c.get('/dashboard', { inertia: true })).json().props.first_visit).toBe(true);
    await c.post('/logout', undefined, { inertia: true });
    await c.login('achieng@example.test', 'secret-pass-1');
    expect((await c.get('/dashboard', { inertia: true })).json().props.first_visit).toBe(false);
  });

  it('"another country" starts in USD and UTC with no phone country; an unknown country is a 422 naming it with the other fields', async () => {
    const c = new TestClient(t.app);
    await c.get('/register');
    const bad = await c.post('/register', { name: '', email: 'x', password: 'short', password_confirmation: 'short', company_name: '', country: 'XX' }, { json: true });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['company_name', 'country', 'email', 'name', 'password']);
    expect(bad.json().errors.country).toEqual(['The selected country is invalid.']);
    const res = await c.post(
      '/register',
      { name: 'Mwale', email: 'mwale@example.test', password: 'secret-pass-1', password_confirmation: 'secret-pass-1', company_name: 'Lusaka Books', country: 'ZZ' },
      { inertia: true },
    );
    expect(res.statusCode).toBe(303);
    await finishOnboarding(t, c);
    const dash = (await c.get('/dashboard', { inertia: true })).json();
    expect(dash.props.tenant).toMatchObject({ timezone: 'UTC', phone_country: null });
    expect((await c.get('/settings/accounting/currencies/default', { json: true })).json().data).toMatchObject({ code: 'USD' });
  });
});

describe('login and logout', () => {
  it('signs in, renews the session id, and signs out (the old session is revoked)', async () => {
    const owner = await seedTenant(t.database, 'Loginco');
    const c = new TestClient(t.app);
    await c.get('/login');
    const guestCookie = c.cookies.get('kazi_session');
    await c.login(owner.email, owner.password);
    const authed = c.cookies.get('kazi_session');
    expect(authed).toBeDefined();
    expect(authed).not.toBe(guestCookie);
    expect((await c.get('/dashboard', { inertia: true })).statusCode).toBe(200);
    const out = await c.post('/logout', undefined, { inertia: true });
    expect(out.statusCode).toBe(303);
    // replaying the old cookie after logout gets nowhere
    const replay = new TestClient(t.app);
    replay.cookies.set('kazi_session', authed!);
    const res = await replay.get('/dashboard');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login');
  });

  it('wrong credentials give an error on email; the sixth failure in a minute is throttled (429)', async () => {
    const owner = await seedTenant(t.database, 'Throttleco');
    const c = new TestClient(t.app);
    await c.get('/login');
    for (let i = 0; i < 5; i++) {
      const r = await c.post('/login', { email: owner.email, password: 'wrong-password' }, { json: true });
      expect(r.statusCode).toBe(422);
      expect(r.json().errors.email).toEqual(['These credentials do not match our records.']);
    }
    const blocked = await c.post('/login', { email: owner.email, password: TEST_PASSWORD }, { json: true });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect(blocked.json().message).toMatch(/Too many attempts/);
  });

  it('guest pages send a signed-in user to the dashboard', async () => {
    const owner = await seedTenant(t.database, 'Guestco');
    const c = new TestClient(t.app);
    await c.login(owner.email, owner.password);
    const res = await c.get('/login');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/dashboard');
  });
});

describe('guards', () => {
  it('anonymous JSON calls get 401; anonymous page visits are redirected to /login', async () => {
    const c = new TestClient(t.app);
    const json = await c.get('/accounting/contacts/json', { json: true });
    expect(json.statusCode).toBe(401);
    expect(json.json()).toEqual({ message: 'Unauthenticated.' });
    const pageVisit = await c.get('/dashboard');
    expect(pageVisit.statusCode).toBe(302);
    expect(pageVisit.headers.location).toBe('/login');
  });

  it('CSRF: a state-changing request without the XSRF token, or with a wrong one, answers 419', async () => {
    const owner = await seedTenant(t.database, 'Csrfco');
    const c = new TestClient(t.app);
    await c.login(owner.email, owner.password);
    const missing = await c.request('POST', '/accounting/contacts/store', {
      body: { type: 'customer', name: 'X' },
      json: true,
      xsrf: false,
    });
    expect(missing.statusCode).toBe(419);
    expect(missing.json().message).toBe('CSRF token mismatch.');
    const wrong = await c.request('POST', '/accounting/contacts/store', {
      body: { type: 'customer', name: 'X' },
      json: true,
      xsrf: false,
      headers: { 'x-xsrf-token': 'forged' },
    });
    expect(wrong.statusCode).toBe(419);
    const ok = await c.json('POST', '/accounting/contacts/store', { type: 'customer', name: 'X' });
    expect(ok.statusCode).toBe(201);
    // a login form posted from another site (no token) is refused too
    const fresh = new TestClient(t.app);
    const crossSite = await fresh.post('/login', { email: owner.email, password: owner.password });
    expect(crossSite.statusCode).toBe(419);
  });

  it('the XSRF-TOKEN cookie is readable by scripts, the session cookie is not', async () => {
    const res = await new TestClient(t.app).get('/login');
    const cookies = res.cookies as { name: string; httpOnly?: boolean; sameSite?: string }[];
    expect(cookies.find((c) => c.name === 'XSRF-TOKEN')?.httpOnly).toBeFalsy();
    expect(cookies.find((c) => c.name === 'kazi_session')?.httpOnly).toBe(true);
  });
});

describe('password reset', () => {
  it('mails a reset link through the queue to a real SMTP listener; the link resets the password once', async () => {
    const owner = await seedTenant(t.database, 'Resetco', 'reset@example.test');
    const c = new TestClient(t.app);
    await c.get('/forgot-password');
    const res = await c.post('/forgot-password', { email: 'Reset@Example.test' }, { inertia: true });
    expect(res.statusCode).toBe(303);
    const mail = await smtp.waitFor('reset@example.test');
    expect(mail.raw).toContain('Subject: Reset Password Notification');
    const body = decodeQuotedPrintable(mail.raw);
    const link = body.match(/http:\/\/kazi\.test\/reset-password\/([\w-]+)\?email=([^\s]+)/);
    expect(link).not.toBeNull();
    const token = link![1];

    const form = await c.get(`/reset-password/${token}?email=reset%40example.test`, { inertia: true });
    expect(form.json()).toMatchObject({ component: 'Auth/ResetPassword', props: { token, email: 'reset@example.test' } });

    const bad = await c.post(
      '/reset-password',
      { token: 'not-the-token', email: 'reset@example.test', password: 'brand-new-pass', password_confirmation: 'brand-new-pass' },
      { json: true },
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.email).toEqual(['This password reset token is invalid.']);

    const ok = await c.post(
      '/reset-password',
      { token, email: 'reset@example.test', password: 'brand-new-pass', password_confirmation: 'brand-new-pass' },
      { inertia: true },
    );
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('/login');
    const login = await c.get('/login', { inertia: true });
    expect(login.json().props.status).toBe('Your password has been reset.');

    const reuse = await c.post(
      '/reset-password',
      { token, email: 'reset@example.test', password: 'another-pass-1', password_confirmation: 'another-pass-1' },
      { json: true },
    );
    expect(reuse.statusCode).toBe(422);
    const fresh = new TestClient(t.app);
    await fresh.login('reset@example.test', 'brand-new-pass');
    expect(owner.email).toBe('reset@example.test');
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const c = new TestClient(t.app);
    await c.get('/forgot-password');
    const res = await c.post('/forgot-password', { email: 'nobody@example.test' }, { json: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toMatch(/If that email address is registered/);
    // a mail is queued before the answer is sent, so no job now means none will be sent
    const mailJobsTo = async (to: string) =>
      (await t.database.query<{ n: number }>(`select count(*)::int as n from pgboss.job where name = 'mail.send' and data->>'to' = $1`, [to]))[0].n;
    expect(await mailJobsTo('nobody@example.test')).toBe(0);
    // and the queue is not simply idle: a reset asked for after it is queued and arrives, and still nothing to nobody
    const known = await seedTenant(t.database, 'Sentinelco', 'sentinel@example.test');
    const after = await c.post('/forgot-password', { email: known.email }, { json: true, headers: { 'x-forwarded-for': '203.0.113.10' } });
    expect(after.statusCode).toBe(200);
    expect(await mailJobsTo(known.email)).toBe(1);
    await smtp.waitFor(known.email);
    expect(smtp.received.some((m) => m.to.includes('nobody@example.test'))).toBe(false);
  });

  it('is throttled per address of the requester (429)', async () => {
    const c = new TestClient(t.app);
    await c.get('/forgot-password');
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      codes.push((await c.post('/forgot-password', { email: `flood${i}@example.test` }, { json: true, headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode);
    }
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(codes[5]).toBe(429);
  });
});

describe('email verification and password confirmation', () => {
  it('verifies the address through the signed link mailed at registration; a tampered link is refused', async () => {
    const c = new TestClient(t.app);
    await c.get('/register');
    await c.post(
      '/register',
      { name: 'Baraka', email: 'baraka@example.test', password: 'secret-pass-1', password_confirmation: 'secret-pass-1', company_name: 'Baraka Ltd' },
      { inertia: true },
    );
    const notice = await c.get('/verify-email', { inertia: true });
    expect(notice.json().component).toBe('Auth/VerifyEmail');
    const mail = decodeQuotedPrintable((await smtp.waitFor('baraka@example.test')).raw);
    const url = new URL(mail.match(/http:\/\/kazi\.test\/verify-email\/\S+/)![0]);
    const tampered = await c.get(url.pathname + url.search.replace(/signature=(\w)/, (_, first: string) => `signature=${first === '0' ? '1' : '0'}`), { json: true });
    expect(tampered.statusCode).toBe(403);
    const ok = await c.get(url.pathname + url.search);
    expect(ok.statusCode).toBe(302);
    expect(ok.headers.location).toBe('/dashboard?verified=1');
    await finishOnboarding(t, c);
    const dash = await c.get('/dashboard', { inertia: true });
    expect(dash.json().props.auth.user.email_verified_at).not.toBeNull();
    const again = await c.get('/verify-email');
    expect(again.statusCode).toBe(302);
  });

  it('resends the verification mail on request and says so', async () => {
    const c = new TestClient(t.app);
    await c.get('/register');
    await c.post(
      '/register',
      { name: 'Neema', email: 'neema@example.test', password: 'secret-pass-1', password_confirmation: 'secret-pass-1', company_name: 'Neema Co' },
      { inertia: true },
    );
    const res = await c.post('/email/verification-notification', undefined, { inertia: true, headers: { referer: 'http://kazi.test/verify-email' } });
    expect(res.statusCode).toBe(303);
    const notice = await c.get('/verify-email', { inertia: true });
    expect(notice.json().props.status).toBe('verification-link-sent');
    await expect.poll(() => smtp.received.filter((m) => m.to.includes('neema@example.test')).length, { timeout: 20_000 }).toBe(2);
  });

  it('asks for the password before a sensitive page, then lets the user through', async () => {
    const owner = await seedTenant(t.database, 'Confirmco');
    const guarded = await createTestApp({}, (app) =>
      app.get('/__test/sensitive', { config: { access: 'authenticated', confirmPassword: true } }, async () => ({ ok: true })),
    );
    try {
      const { createTenant } = await import('../tenancy/service.js');
      const { testPasswordHash } = await import('../../testing/app.js');
      await createTenant(guarded.database, { companyName: 'Confirmco' }, { name: 'O', email: owner.email, passwordHash: await testPasswordHash() });
      const c = new TestClient(guarded.app);
      await c.login(owner.email, owner.password);
      // a fresh login counts as a confirmation; age it past the 3-hour window
      await guarded.database.query("update sessions set password_confirmed_at = now() - interval '4 hours'");
      const first = await c.get('/__test/sensitive');
      expect(first.statusCode).toBe(302);
      expect(first.headers.location).toBe('/confirm-password');
      const wrong = await c.post('/confirm-password', { password: 'nope-nope' }, { json: true });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors.password).toEqual(['The provided password is incorrect.']);
      const ok = await c.post('/confirm-password', { password: owner.password }, { inertia: true });
      expect(ok.statusCode).toBe(303);
      expect(ok.headers.location).toBe('/__test/sensitive');
      expect((await c.get('/__test/sensitive')).json()).toEqual({ ok: true });
    } finally {
      await guarded.close();
    }
  });
});
