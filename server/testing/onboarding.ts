import { createHash } from 'node:crypto';
import type { TestApp } from './app.js';
import type { TestClient } from './client.js';

/**
 * Takes a company just registered through `/register` (the newest one) through onboarding as its
 * pages do: the details step as registered, the first plan's free trial, its code confirmed. The
 * code is set here rather than read from the mail, so a test's own mail checks see only theirs.
 */
export async function finishOnboarding(t: TestApp, c: TestClient): Promise<void> {
  const [{ id: tenantId }] = await t.database.query<{ id: number }>('select max(id)::int as id from tenants');
  const page = (await c.get('/onboarding', { inertia: true })).json() as { props: { company: { name: string } } };
  const steps: [string, Record<string, unknown>][] = [];
  const plans = (await c.get('/get-plans', { json: true })).json().data as { id: number }[];
  steps.push(['/get-started', { step: 'company', company_name: page.props.company.name }]);
  steps.push(['/get-started', { step: 'plan', plan_id: plans[0].id, interval: 'monthly', start: 'trial' }]);
  for (const [url, body] of steps) {
    const r = await c.json('POST', url, body);
    if (r.statusCode !== 200) throw new Error(`onboarding ${url} ${JSON.stringify(body)}: ${r.statusCode} ${r.body}`);
  }
  const code = '246810';
  await t.database.query("update subscriptions set verify_code_hash = $2, verify_expires_at = now() + interval '10 minutes', verify_attempts = 0 where tenant_id = $1", [
    tenantId,
    createHash('sha256').update(`${tenantId}:${code}`).digest('hex'),
  ]);
  const ok = await c.json('POST', '/onboarding/trial-verification', { code });
  if (ok.statusCode !== 200) throw new Error(`onboarding verification: ${ok.statusCode} ${ok.body}`);
}
