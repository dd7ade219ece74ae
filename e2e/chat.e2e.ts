import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoSeriousViolations } from './a11y';
import { logIn, openBrowser, reportFailure, type Browser } from './browser';

/**
 * Chat between two members of the demo company in two browsers (issue 22): the owner watches
 * their thread list and the top bar while Amina writes; the message arrives live, the unread
 * counts move, opening the thread reads it, "is typing" shows while she types, and what she
 * writes is shown as text with its link clickable (never as HTML).
 */
const owner = () => inject('demoLogin') ?? { email: 'demo@kazi.test', password: 'password' };
const AMINA = { email: 'amina@kazi.test', password: 'password' };

const badge = async (page: Page) => {
  const b = page.getByTestId('chat-unread-count');
  return (await b.count()) ? Number(await b.textContent()) : 0;
};
const threadRow = (page: Page, name: string) => page.getByRole('list', { name: 'Conversations' }).getByTestId('chat-thread').filter({ hasText: name });
const rowUnread = async (page: Page, name: string) => {
  const u = threadRow(page, name).getByTestId('thread-unread');
  return (await u.count()) ? Number((await u.textContent())!.replace(/\D/g, '')) : 0;
};
const live = (page: Page) => page.locator('[data-testid="realtime-status"][data-state="connected"]').waitFor();

describe('chat', () => {
  let a: Browser;
  let b: Browser;

  beforeAll(async () => {
    [a, b] = await Promise.all([openBrowser(), openBrowser()]);
    await logIn(a.page, owner().email, owner().password);
    await logIn(b.page, AMINA.email, AMINA.password);
  });
  afterEach(async (context) => {
    await reportFailure(context, a, 'chat-owner');
    await reportFailure(context, b, 'chat-amina');
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('a message arrives live with its unread counts, is read on opening, and "is typing" shows while the other types', async () => {
    const stamp = Date.now().toString(36);
    // the owner on the list of conversations, connected
    await a.page.goto('/chat');
    await threadRow(a.page, 'Amina Njeri').waitFor();
    await live(a.page);
    const before = await badge(a.page);
    const rowBefore = await rowUnread(a.page, 'Amina Njeri');

    // Amina opens her conversation with the owner and writes
    await b.page.goto('/chat');
    await threadRow(b.page, 'Demo Owner').click();
    await b.page.waitForURL(/\/chat\/threads\/\d+$/);
    await live(b.page);
    const box = b.page.getByLabel('Message', { exact: true });
    await box.fill(`Are the pump invoices in? ${stamp}`);
    await box.press('Enter');
    await b.page.getByTestId('chat-message').filter({ hasText: stamp }).waitFor();

    // the owner sees it arrive without reloading: the row's count and the top bar's go up by one
    await expect.poll(() => rowUnread(a.page, 'Amina Njeri'), { timeout: 15_000 }).toBe(rowBefore + 1);
    await expect.poll(() => badge(a.page), { timeout: 15_000 }).toBe(before + 1);
    await expect.poll(() => threadRow(a.page, 'Amina Njeri').textContent()).toContain(stamp);

    // opening the thread shows it and reads the thread: its unread messages leave the top bar's count
    await threadRow(a.page, 'Amina Njeri').click();
    await a.page.waitForURL(/\/chat\/threads\/\d+$/);
    await a.page.getByTestId('chat-message').filter({ hasText: stamp }).waitFor();
    await expect.poll(() => badge(a.page), { timeout: 15_000 }).toBe(before - rowBefore);
    await expect.poll(() => rowUnread(a.page, 'Amina Njeri')).toBe(0);
    await live(a.page);

    // Amina types: the owner sees it, and it goes when she sends
    await box.pressSequentially('Also the ', { delay: 20 });
    await expect.poll(() => a.page.getByTestId('typing-indicator').textContent(), { timeout: 15_000 }).toBe('Amina Njeri is typing…');
    await box.fill(`<b>not bold</b> see https://kazi.example/pumps ${stamp}-2`);
    await box.press('Enter');
    const arrived = a.page.getByTestId('chat-message').filter({ hasText: `${stamp}-2` });
    await arrived.waitFor({ timeout: 15_000 });
    await expect.poll(() => a.page.getByTestId('typing-indicator').textContent()).toBe('');

    // text stays text, the address is a link
    expect(await arrived.locator('b').count()).toBe(0);
    expect(await arrived.textContent()).toContain('<b>not bold</b>');
    expect(await arrived.getByRole('link', { name: 'https://kazi.example/pumps' }).getAttribute('href')).toBe('https://kazi.example/pumps');
    // the owner has the thread open: what arrived is read at once, the top bar stays as it was
    await expect.poll(() => badge(a.page), { timeout: 15_000 }).toBe(before - rowBefore);

    // the owner replies to it, edits the reply (edited mark), Amina sees both live
    await arrived.hover();
    await arrived.getByRole('button', { name: 'Reply' }).click();
    const ownerBox = a.page.getByLabel('Message', { exact: true });
    await ownerBox.fill(`Yes, all three ${stamp}-3`);
    await ownerBox.press('Enter');
    const reply = b.page.getByTestId('chat-message').filter({ hasText: `${stamp}-3` });
    await reply.waitFor({ timeout: 15_000 });
    expect(await reply.textContent()).toContain('Amina Njeri');
    const mine = a.page.getByTestId('chat-message').filter({ hasText: `${stamp}-3` });
    await mine.hover();
    await mine.getByRole('button', { name: 'Edit message' }).click();
    await ownerBox.fill(`Yes, all four ${stamp}-3`);
    await ownerBox.press('Enter');
    await b.page.getByTestId('chat-message').filter({ hasText: `all four ${stamp}-3` }).getByTestId('edited-mark').waitFor({ timeout: 15_000 });

    expect(a.pageErrors).toEqual([]);
    expect(b.pageErrors).toEqual([]);
  });

  it('the chat pages pass the accessibility checks in dark mode and right to left', async () => {
    await a.page.evaluate(() => {
      document.documentElement.classList.add('dark');
      document.documentElement.dir = 'rtl';
    });
    await expectNoSeriousViolations(a.page, 'chat thread (dark, rtl)');
    await a.page.evaluate(() => {
      document.documentElement.classList.remove('dark');
      document.documentElement.dir = 'ltr';
    });
    await a.page.goto('/chat');
    await threadRow(a.page, 'Water project team').waitFor();
    await expectNoSeriousViolations(a.page, 'chat overview');
  });
});
