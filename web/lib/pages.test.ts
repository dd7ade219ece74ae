import { describe, expect, it } from 'vitest';
import { pageResolver } from './pages';

const Login = () => null;
const resolve = pageResolver({ './pages/Auth/Login.tsx': async () => ({ default: Login }) });

describe('page resolution', () => {
  it('finds a page by its component name', async () => {
    await expect(resolve('Auth/Login')).resolves.toBe(Login);
  });
  it("fails with 'Page not found' for an unknown name", async () => {
    await expect(resolve('Auth/Nope')).rejects.toThrow(/^Page not found$/);
    await expect(resolve('../server/app')).rejects.toThrow('Page not found');
  });
});
