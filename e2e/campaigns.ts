import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { toast } from './browser';

/** Makes a campaign in Campaigns/Index's dialog and opens its page (Campaigns/Show); answers its id. */
export async function createCampaign(page: Page, name: string, fields: { goal?: string; budget?: string } = {}): Promise<number> {
  await page.goto('/campaigns');
  await page.getByRole('button', { name: 'New campaign' }).click();
  const dialog = page.getByRole('dialog', { name: 'New campaign' });
  await dialog.getByLabel(/^Name/).fill(name);
  if (fields.goal) await dialog.getByLabel(/^Goal/).fill(fields.goal);
  await dialog.getByLabel(/^Status/).selectOption('active');
  if (fields.budget) await dialog.getByLabel(/^Budget/).fill(fields.budget);
  await dialog.getByRole('button', { name: 'Create campaign' }).click();
  await toast(page, 'Campaign created successfully.').waitFor();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('link', { name }).click();
  await page.waitForURL(/\/campaigns\/\d+$/);
  await page.getByRole('heading', { name, level: 1 }).waitFor();
  return Number(/\/campaigns\/(\d+)$/.exec(page.url())![1]);
}

/** From Campaigns/Show, opens Events/Create for the campaign and fills the event's main fields (not yet saved). */
export async function fillNewEvent(page: Page, campaignId: number, e: { name: string; starts: string; ends: string; venue: string; capacity: string }): Promise<void> {
  await page.getByRole('link', { name: 'New event' }).click();
  await page.waitForURL(/\/events\/create\?campaign_id=\d+$/);
  await page.getByLabel(/^Name/).fill(e.name);
  await page.getByLabel(/^Starts/).fill(e.starts);
  await page.getByLabel(/^Ends/).fill(e.ends);
  await page.getByLabel(/^Venue/).fill(e.venue);
  await page.getByLabel(/^Capacity/).fill(e.capacity);
  await page.getByLabel(/^Status/).selectOption('active');
  expect(await page.getByLabel('Campaign', { exact: true }).inputValue()).toBe(String(campaignId));
}

/** Saves Events/Create and answers the new event's id from Events/Show's address. */
export async function saveNewEvent(page: Page, name: string): Promise<number> {
  await page.getByRole('button', { name: 'Create event' }).click();
  await toast(page, 'Event created successfully.').waitFor();
  await page.waitForURL(/\/events\/\d+$/);
  await page.getByRole('heading', { name, level: 1 }).waitFor();
  return Number(/\/events\/(\d+)$/.exec(page.url())![1]);
}

/** the calendar's day cell in month view */
export const dayCell = (page: Page, day: string) => page.locator(`.fc-daygrid-day[data-date="${day}"]`);
