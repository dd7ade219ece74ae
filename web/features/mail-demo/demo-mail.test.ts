import { describe, expect, it } from 'vitest';
import { demoReducer, initialDemoState, SAMPLE_MAILS, visibleMails } from './demo-mail';

describe('the demo mail app (SPEC §3, §4)', () => {
  it('starts with 4 sample mails carrying every field of a demo email', () => {
    expect(SAMPLE_MAILS).toHaveLength(4);
    for (const k of ['id', 'image', 'title', 'desc', 'isfav', 'sent', 'draft', 'spam', 'trash', 'personal', 'social', 'promotions', 'business', 'lastime', 'is_checked', 'isread', 'isspam', 'isdelate'])
      expect(SAMPLE_MAILS[0]).toHaveProperty(k);
  });

  it('select-all checks every mail unless all are checked, then unchecks all', () => {
    const one = demoReducer(initialDemoState, { type: 'toggleChecked', id: 2 });
    const all = demoReducer(one, { type: 'selectAll' });
    expect(all.mails.every((m) => m.is_checked)).toBe(true);
    const none = demoReducer(all, { type: 'selectAll' });
    expect(none.mails.some((m) => m.is_checked)).toBe(false);
  });

  it('delete removes, send puts the mail on top, read and favourite toggle', () => {
    const s = demoReducer(initialDemoState, { type: 'delete', id: 1 });
    expect(s.mails.map((m) => m.id)).toEqual([2, 3, 4]);
    const sent = demoReducer(s, { type: 'send', mail: { title: 'Grace Wanjiru', desc: 'Hello' } });
    expect(sent.mails[0]).toMatchObject({ id: 5, title: 'Grace Wanjiru', image: 'GW', sent: true });
    expect(demoReducer(sent, { type: 'toggleFav', id: 2 }).mails.find((m) => m.id === 2)!.isfav).toBe(true);
    expect(demoReducer(sent, { type: 'toggleRead', id: 2 }).mails.find((m) => m.id === 2)!.isread).toBe(false);
  });

  it('filters and searches', () => {
    expect(visibleMails({ ...initialDemoState, filter: 'favourites' }).map((m) => m.id)).toEqual([1]);
    expect(visibleMails({ ...initialDemoState, filter: 'spam' }).map((m) => m.id)).toEqual([4]);
    expect(visibleMails({ ...initialDemoState, search: 'invoice' }).map((m) => m.id)).toEqual([2]);
  });
});
