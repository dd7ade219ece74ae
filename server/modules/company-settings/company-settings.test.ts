import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedTenant, type TestApp } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { addMember } from '../users/test-helpers.js';

/**
 * Settings/Company over HTTP (issue 24): the General section's validation and what it changes
 * (GET /settings/company/json follows at once), the slug unique across companies, SEO and terms,
 * the theme with its contrast warning, and the public sheet, terms page and CMS page that follow it.
 */
let t: TestApp;
let owner: TestClient;
let other: TestClient;
let viewer: TestClient;
let anonymous: TestClient;
let tenantA: number;

const general = (more: Record<string, unknown> = {}) => ({
  name: 'Settings Alpha Ltd',
  legal_name: 'Settings Alpha Limited',
  slug: 'settings-alpha',
  timezone: 'Africa/Nairobi',
  country: 'KE',
  currency: 'USD',
  email: 'hello@alpha.test',
  phone: '+254 700 000000',
  street: 'Moi Avenue 1',
  city: 'Nairobi',
  province: '',
  postal_code: '00100',
  logo_light_id: null,
  logo_dark_id: null,
  ...more,
});

beforeAll(async () => {
  t = await createTestApp();
  const a = await seedTenant(t.database, 'Settings Alpha');
  const b = await seedTenant(t.database, 'Settings Beta');
  tenantA = a.tenantId;
  owner = new TestClient(t.app);
  await owner.login(a.email, a.password);
  other = new TestClient(t.app);
  await other.login(b.email, b.password);
  const v = await addMember(t.database, tenantA, 'viewer', 'viewer@settings-alpha.test');
  viewer = new TestClient(t.app);
  await viewer.login(v.email, v.password);
  anonymous = new TestClient(t.app);
});
afterAll(async () => t?.close());

describe('Settings/Index and the company pages', () => {
  it('are pages for members; a viewer may read the company settings but not save them', async () => {
    for (const url of ['/settings', '/settings/company', '/settings/company/seo', '/settings/company/terms', '/settings/company/theme']) {
      const res = await owner.get(url, { inertia: true });
      expect(res.statusCode, url).toBe(200);
    }
    expect((await owner.get('/settings/company', { inertia: true })).json().component).toBe('Settings/Company/Index');
    expect((await viewer.get('/settings/company', { inertia: true })).statusCode).toBe(200);
    expect((await viewer.json('PUT', '/settings/company/update', general())).statusCode).toBe(403);
    expect((await anonymous.get('/settings/company')).statusCode).toBe(302);
  });
});

describe('PUT /settings/company/update', () => {
  it('names every bad field in one 422 and changes nothing', async () => {
    const res = await owner.json('PUT', '/settings/company/update', general({ name: '  ', slug: '-Bad Slug-', timezone: 'Mars/Olympus', country: 'XX', currency: 'usd1', email: 'not-mail' }));
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['country', 'currency', 'email', 'name', 'slug', 'timezone']);
    expect((await owner.get('/settings/company/json', { json: true })).json().data.value.name).toBe('Settings Alpha');
  });

  it('refuses a currency the books do not have, and a logo that is not in the company’s media library', async () => {
    const res = await owner.json('PUT', '/settings/company/update', general({ currency: 'JPY', logo_light_id: 999999 }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.currency[0]).toMatch(/Currencies/);
    expect(res.json().errors.logo_light_id).toEqual(['The selected file is not in the media library.']);
  });

  it('saves the name, time zone and address; /settings/company/json answers them at once', async () => {
    const res = await owner.json('PUT', '/settings/company/update', general());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Settings Alpha Ltd', slug: 'settings-alpha', timezone: 'Africa/Nairobi', country: 'KE', city: 'Nairobi', province: null });
    const json = (await owner.get('/settings/company/json', { json: true })).json();
    expect(json.data.value).toMatchObject({ name: 'Settings Alpha Ltd', timezone: 'Africa/Nairobi' });
    expect(json.data).toHaveProperty('logo_light', null);
    expect(json.data).toHaveProperty('logo_dark', null);
    const page = (await owner.get('/dashboard', { inertia: true })).json();
    expect(page.props.tenant.name).toBe('Settings Alpha Ltd');
    // the other company is untouched
    expect((await other.get('/settings/company/json', { json: true })).json().data.value.name).toBe('Settings Beta');
  });

  it('keeps the slug unique across companies', async () => {
    const res = await other.json('PUT', '/settings/company/update', general({ name: 'Beta', slug: 'settings-alpha', currency: 'USD' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.slug).toEqual(['This address is already taken by another company.']);
    expect((await other.get('/settings/company/json', { json: true })).json().data.value.name).toBe('Settings Beta');
  });
});

describe('SEO, terms and theme', () => {
  it('validates and saves the SEO meta', async () => {
    const bad = await owner.json('PUT', '/settings/company/seo/update', { meta_title: 'x'.repeat(71), meta_description: 'y'.repeat(161), allow_indexing: true });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['meta_description', 'meta_title']);
    const ok = await owner.json('PUT', '/settings/company/seo/update', { meta_title: 'Alpha — services', meta_description: 'What we do.', meta_keywords: 'alpha', allow_indexing: false });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ meta_title: 'Alpha — services', allow_indexing: false });
  });

  it('saves the terms and shows them on the company’s public terms page, escaped', async () => {
    const long = await owner.json('PUT', '/settings/company/terms/update', { terms: 'x'.repeat(20_001), show_on_documents: true, show_on_public_pages: true });
    expect(long.statusCode).toBe(422);
    const ok = await owner.json('PUT', '/settings/company/terms/update', { terms: '1. Pay in 14 days.\n2. <script>alert(1)</script> is text.', show_on_documents: true, show_on_public_pages: true });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.terms_updated_at).toBeTruthy();
    const page = await anonymous.get('/p/settings-alpha/legal/terms');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Pay in 14 days.');
    expect(page.body).not.toContain('<script>alert(1)</script>');
    expect(page.body).toContain('&lt;script&gt;');
    expect((await anonymous.get('/p/settings-beta/legal/terms')).statusCode).toBe(404);
  });

  it('saves the brand colour, warns about poor contrast, and the shell, theme sheet and public pages follow it', async () => {
    const bad = await owner.json('PUT', '/settings/company/theme/update', { brand_color: 'teal' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.brand_color[0]).toMatch(/six hexadecimal digits/);

    const pale = await owner.json('PUT', '/settings/company/theme/update', { brand_color: '#ffee99' });
    expect(pale.statusCode).toBe(200);
    expect(pale.json().message).toBe('Theme saved, with a contrast warning.');
    expect(pale.json().data.theme.warnings.length).toBeGreaterThan(0);

    const ok = await owner.json('PUT', '/settings/company/theme/update', { brand_color: '#0f766e' });
    expect(ok.json().message).toBe('Theme updated successfully.');
    expect(ok.json().data).toMatchObject({ brand_color: '#0F766E', theme: { primary: '#0F766E', on_primary: '#FFFFFF', warnings: [] } });

    const shell = (await owner.get('/dashboard', { inertia: true })).json();
    expect(shell.props.tenant.brand_color).toBe('#0F766E');
    const css = await anonymous.get(`/company/theme/${tenantA}.css`);
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/text\/css/);
    expect(css.body).toContain('--kz-brand: #0F766E');

    const made = await owner.json('POST', '/cms/pages/store', { title: 'About us', blocks: [{ id: 'h', type: 'heading', level: 2, text: 'Hello' }] });
    expect(made.statusCode, made.body).toBe(201);
    const published = await owner.json('POST', `/cms/pages/${made.json().data.id}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    const view = await anonymous.get('/p/settings-alpha/about-us');
    expect(view.statusCode).toBe(200);
    expect(view.body).toContain(`/company/theme/${tenantA}.css?v=0F766E`);
    expect(view.body).toContain('/p/settings-alpha/legal/terms');
    expect(view.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(view.body).toContain('<meta name="description" content="What we do.">');
  });

  it('answers 404 for a logo the company has not chosen', async () => {
    expect((await anonymous.get(`/company/logo/${tenantA}/light`)).statusCode).toBe(404);
    expect((await anonymous.get(`/company/logo/${tenantA}/other`)).statusCode).toBe(404);
  });
});
