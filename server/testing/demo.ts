import { afterAll, beforeAll } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from '../seed/demo.js';
import { createTestApp, type TestApp } from './app.js';
import { TestClient } from './client.js';

export interface DemoCompany {
  t: TestApp;
  tenantId: number;
  /** the demo login, signed in */
  demo: TestClient;
}

/**
 * The demo company seeded on a fresh app for the file's tests, its owner signed in; closed after
 * them. Read the fields inside tests (they are set in beforeAll).
 */
export function demoCompany(): DemoCompany {
  const fixture = {} as DemoCompany;
  beforeAll(async () => {
    fixture.t = await createTestApp();
    ({ tenantId: fixture.tenantId } = await seedDemo(fixture.t.database, new Date(), fixture.t.config));
    fixture.demo = new TestClient(fixture.t.app);
    await fixture.demo.login(DEMO_EMAIL, DEMO_PASSWORD);
  }, 180_000);
  afterAll(() => fixture.t?.close());
  return fixture;
}
