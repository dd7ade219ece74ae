/**
 * The demo mail app (PAGES.md Mail/Index; SPEC §2, §3 demo email, §4 demo mail): sample data that
 * lives in the browser only and never touches a real mailbox. A pure reducer, so the rules of
 * SPEC §4 are tested without a page.
 */
export interface DemoEmail {
  id: number;
  image: string;
  title: string;
  desc: string;
  isfav: boolean;
  sent: boolean;
  draft: boolean;
  spam: boolean;
  trash: boolean;
  personal: boolean;
  social: boolean;
  promotions: boolean;
  business: boolean;
  lastime: string;
  is_checked: boolean;
  isread: boolean;
  isspam: boolean;
  isdelate: boolean;
}

export const DEMO_FILTERS = ['all', 'sent', 'draft', 'spam', 'trash', 'personal', 'social', 'promotions', 'business', 'favourites'] as const;
export type DemoFilter = (typeof DEMO_FILTERS)[number];

const blank = { isfav: false, sent: false, draft: false, spam: false, trash: false, personal: false, social: false, promotions: false, business: false, is_checked: false, isread: false, isspam: false, isdelate: false };

/** The four sample mails the app starts with (SPEC §3). */
export const SAMPLE_MAILS: DemoEmail[] = [
  { ...blank, id: 1, image: 'AN', title: 'Amina Njeri', desc: 'The water point budget is ready for your review.', lastime: '10:42', personal: true, isfav: true },
  { ...blank, id: 2, image: 'BO', title: 'Brian Otieno', desc: 'Invoice 2041 was paid this morning, thank you.', lastime: '09:15', business: true, isread: true },
  { ...blank, id: 3, image: 'KE', title: 'Kazi Events', desc: 'Your community fundraiser starts in three days.', lastime: 'Yesterday', social: true },
  { ...blank, id: 4, image: 'SH', title: 'Shop Offers', desc: '20% off solar lamps this week only.', lastime: 'Mon', promotions: true, spam: true, isspam: true },
];

export interface DemoState {
  mails: DemoEmail[];
  filter: DemoFilter;
  search: string;
}
export const initialDemoState: DemoState = { mails: SAMPLE_MAILS, filter: 'all', search: '' };

export type DemoAction =
  | { type: 'delete'; id: number }
  | { type: 'send'; mail: { title: string; desc: string } }
  | { type: 'toggleFav' | 'toggleRead' | 'toggleChecked'; id: number }
  | { type: 'selectAll' }
  | { type: 'filter'; filter: DemoFilter }
  | { type: 'search'; search: string };

const flip = (mails: DemoEmail[], id: number, key: 'isfav' | 'isread' | 'is_checked') => mails.map((m) => (m.id === id ? { ...m, [key]: !m[key] } : m));

export function demoReducer(state: DemoState, action: DemoAction): DemoState {
  switch (action.type) {
    case 'delete':
      return { ...state, mails: state.mails.filter((m) => m.id !== action.id) };
    case 'send': {
      const id = Math.max(0, ...state.mails.map((m) => m.id)) + 1;
      const initials = action.mail.title.trim().split(/\s+/).map((w) => w[0] ?? '').join('').slice(0, 2).toUpperCase();
      return { ...state, mails: [{ ...blank, id, image: initials || '?', title: action.mail.title, desc: action.mail.desc, lastime: 'Now', sent: true, isread: true }, ...state.mails] };
    }
    case 'toggleFav':
      return { ...state, mails: flip(state.mails, action.id, 'isfav') };
    case 'toggleRead':
      return { ...state, mails: flip(state.mails, action.id, 'isread') };
    case 'toggleChecked':
      return { ...state, mails: flip(state.mails, action.id, 'is_checked') };
    case 'selectAll': {
      // checks every mail unless all are already checked, then unchecks all (SPEC §4)
      const all = state.mails.length > 0 && state.mails.every((m) => m.is_checked);
      return { ...state, mails: state.mails.map((m) => ({ ...m, is_checked: !all })) };
    }
    case 'filter':
      return { ...state, filter: action.filter };
    case 'search':
      return { ...state, search: action.search };
  }
}

/** The mails the list shows: the filter, then the search over title and text. */
export function visibleMails(state: DemoState): DemoEmail[] {
  const q = state.search.trim().toLowerCase();
  return state.mails.filter((m) => {
    if (state.filter === 'favourites' && !m.isfav) return false;
    if (state.filter !== 'all' && state.filter !== 'favourites' && !m[state.filter]) return false;
    return !q || m.title.toLowerCase().includes(q) || m.desc.toLowerCase().includes(q);
  });
}
