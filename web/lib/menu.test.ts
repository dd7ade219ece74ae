import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@common/permissions';
import { activeHref, filterSearchItems, isParent, MENU, menuAlso, menuHrefs, pageExists, searchItems, visibleMenu, type MenuGroup } from './menu';

const all = { can: () => true, exists: () => true };

describe('the menu', () => {
  it('has the groups of the spec, in order, after the dashboard', () => {
    expect(MENU.map((g) => g.label)).toEqual([
      null,
      'Accounting & Sales',
      'Outreach',
      'Campaigns',
      'Wallet',
      'Mailbox & Chat',
      'CMS & Media',
      'Administration',
      'Settings',
      'Operator',
    ]);
  });

  it('shows the Operator entries to a platform operator only, whatever the permissions', () => {
    expect(menuHrefs(visibleMenu(all))).not.toContain('/operator/payments');
    expect(menuHrefs(visibleMenu(all))).not.toContain('/operator/rates');
    expect(menuHrefs(visibleMenu({ ...all, operator: true }))).toEqual(expect.arrayContaining(['/operator/payments', '/operator/rates']));
    expect(menuHrefs(visibleMenu({ can: () => false, exists: () => true, operator: true }))).toEqual(['/operator/payments', '/operator/plans', '/operator/rates']);
  });

  it('names only registered permissions and distinct URLs', () => {
    const links = MENU.flatMap((g) => g.entries.flatMap((e) => (isParent(e) ? e.children : [e])));
    for (const link of links) if (link.permission) expect(PERMISSIONS).toContain(link.permission);
    const hrefs = links.map((l) => l.href);
    expect(new Set(hrefs).size).toBe(hrefs.length);
  });

  it('shows an entry only with its permission and its page', () => {
    const groups = visibleMenu({ can: (p) => p === 'dashboard.view' || p === 'roles.view', exists: (page) => page !== 'Permissions' });
    expect(menuHrefs(groups)).toEqual(['/dashboard', '/roles']);
    expect(groups.map((g) => g.label)).toEqual([null, 'Administration']);
  });

  it('turns a submenu with one visible child into a link and drops an empty one', () => {
    const groups = visibleMenu({ can: (p) => p === 'sms.view', exists: (page) => page === 'Sms/Messages/Index' });
    expect(groups).toHaveLength(1);
    expect(groups[0].entries).toEqual([expect.objectContaining({ label: 'SMS', href: '/sms/messages' })]);
  });

  it('knows which page modules exist in this build', () => {
    expect(pageExists('Dashboard')).toBe(true);
    expect(pageExists('Nope/Nothing')).toBe(false);
  });

  it('marks the longest matching entry active', () => {
    const hrefs = menuHrefs(visibleMenu(all));
    expect(activeHref('/sms/messages/3/edit', hrefs)).toBe('/sms/messages');
    expect(activeHref('/sms?page=2', hrefs)).toBe('/sms');
    expect(activeHref('/smsx', hrefs)).toBeNull();
  });

  it("marks User activity, not Users, on a member's timeline (its `also` pattern)", () => {
    const groups = visibleMenu(all);
    const hrefs = menuHrefs(groups);
    expect(activeHref('/users/12/activity', hrefs, menuAlso(groups))).toBe('/users/activity');
    expect(activeHref('/users/activity?page=2', hrefs, menuAlso(groups))).toBe('/users/activity');
    expect(activeHref('/users', hrefs, menuAlso(groups))).toBe('/users');
    expect(activeHref('/users/12/activity', hrefs)).toBe('/users');
  });

  it('searches labels, places and keywords', () => {
    const groups: MenuGroup[] = visibleMenu(all);
    const items = searchItems(groups);
    expect(filterSearchItems(items, 'bank')[0].label).toBe('Bank accounts');
    expect(filterSearchItems(items, 'outreach templ').map((i) => i.label)).toEqual(['SMS templates', 'Email templates']);
    expect(filterSearchItems(items, 'zzz')).toEqual([]);
    expect(filterSearchItems(items, '')).toHaveLength(items.length);
  });
});
