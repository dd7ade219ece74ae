import type { TestApp } from '../../testing/app.js';
import { seedTenant } from '../../testing/app.js';
import { TestClient } from '../../testing/client.js';
import { addMember } from '../users/test-helpers.js';

/**
 * The people the mailbox tests sign in as: the owner of `company`, a colleague (accountant) and a
 * viewer of the same company, and a stranger who owns another company.
 */
export async function mailboxPeople(t: TestApp, company: string) {
  const slug = company.toLowerCase().replace(/\W+/g, '-');
  const a = await seedTenant(t.database, `${company} Alpha`);
  const b = await seedTenant(t.database, `${company} Beta`);
  const co = await addMember(t.database, a.tenantId, 'accountant', `colleague@${slug}-alpha.test`);
  const vi = await addMember(t.database, a.tenantId, 'viewer', `viewer@${slug}-alpha.test`);
  const [owner, colleague, viewer, stranger] = [0, 1, 2, 3].map(() => new TestClient(t.app));
  await Promise.all([owner.login(a.email, a.password), colleague.login(co.email, co.password), viewer.login(vi.email, vi.password), stranger.login(b.email, b.password)]);
  return { tenantId: a.tenantId, owner, colleague, viewer, stranger };
}
