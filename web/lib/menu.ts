import type { LucideIcon } from 'lucide-react';
import {
  ArrowLeftRight,
  BookUser,
  Building2,
  Calculator,
  CalendarDays,
  ChartColumn,
  FileText,
  Images,
  Inbox,
  KeyRound,
  Landmark,
  LayoutDashboard,
  Layers,
  Mail,
  Megaphone,
  MessageSquareText,
  MessagesSquare,
  Newspaper,
  Package,
  PartyPopper,
  Radio,
  Receipt,
  ReceiptText,
  ShieldCheck,
  Smartphone,
  SquareCheckBig,
  Truck,
  UserCog,
  Users,
  Wallet,
  Activity,
  Bell,
  Settings,
} from 'lucide-react';
import type { Permission } from '@common/permissions';

// The navigation of the signed-in shell (SPEC §2, PAGES.md). An entry is shown only when the user
// holds its permission AND its page module exists, so areas appear in the menu by themselves as
// their pages are added, and there is never a dead link.

export type MenuLink = {
  label: string;
  /** The page's URL (PAGES.md). */
  href: string;
  /** The Inertia component rendered there: web/pages/<page>.tsx. */
  page: string;
  /** Needed to see the entry; null = any signed-in member. */
  permission: Permission | null;
  /** Shown only to a platform operator (shared prop `operator`), whatever the permissions. */
  operator?: true;
  icon?: LucideIcon;
  /** Extra words the menu search matches ("bank", "sms"…). */
  keywords?: string;
  /** Pages of this entry whose URL does not start with `href` (/users/{id}/activity), matched on the path. */
  also?: RegExp;
};

export type MenuParent = {
  label: string;
  icon: LucideIcon;
  children: MenuLink[];
};

export type MenuEntry = MenuLink | MenuParent;

export type MenuGroup = {
  /** null: entries shown above the first heading (Dashboard). */
  label: string | null;
  entries: MenuEntry[];
};

export const isParent = (entry: MenuEntry): entry is MenuParent => 'children' in entry;

export const MENU: readonly MenuGroup[] = [
  {
    label: null,
    entries: [{ label: 'Dashboard', href: '/dashboard', page: 'Dashboard', permission: 'dashboard.view', icon: LayoutDashboard, keywords: 'home overview' }],
  },
  {
    label: 'Accounting & Sales',
    entries: [
      { label: 'Invoices', href: '/sales/invoices', page: 'Invoices/Index', permission: 'invoices.view', icon: FileText },
      { label: 'Estimates', href: '/sales/estimates', page: 'Estimates/Index', permission: 'estimates.view', icon: ReceiptText, keywords: 'quotes' },
      { label: 'Bills', href: '/purchases/bills', page: 'Bills/Index', permission: 'bills.view', icon: Receipt, keywords: 'purchases' },
      { label: 'Customers', href: '/sales/customers', page: 'Customers/Index', permission: 'customers.view', icon: Users, keywords: 'clients' },
      { label: 'Vendors', href: '/purchases/vendors', page: 'Vendors/Index', permission: 'vendors.view', icon: Truck, keywords: 'suppliers' },
      { label: 'Items', href: '/sales/items', page: 'Items/Index', permission: 'items.view', icon: Package, keywords: 'products services' },
      {
        label: 'Banking',
        icon: Landmark,
        children: [
          { label: 'Bank accounts', href: '/banking/accounts', page: 'Accounts/Index', permission: 'accounts.view', keywords: 'banking' },
          { label: 'Transactions', href: '/banking/transactions', page: 'Transactions/Index', permission: 'transactions.view', keywords: 'banking payments' },
          { label: 'Transfers', href: '/banking/transfers', page: 'Transfers/Index', permission: 'transfers.view', keywords: 'banking' },
        ],
      },
      { label: 'Reports', href: '/reports', page: 'Reports/Index', permission: 'reports.view', icon: ChartColumn },
    ],
  },
  {
    label: 'Outreach',
    entries: [
      { label: 'Contacts', href: '/contacts', page: 'Contacts/Index', permission: 'contacts.view', icon: BookUser },
      { label: 'Segments', href: '/segments', page: 'Segments/Index', permission: 'segments.view', icon: Layers, keywords: 'audiences lists' },
      {
        label: 'SMS',
        icon: MessageSquareText,
        children: [
          { label: 'SMS overview', href: '/sms', page: 'Sms/Overview', permission: 'sms.view', keywords: 'bulk text messages' },
          { label: 'SMS messages', href: '/sms/messages', page: 'Sms/Messages/Index', permission: 'sms.view', keywords: 'bulk text' },
          { label: 'SMS templates', href: '/sms/templates', page: 'Sms/Templates', permission: 'sms.view' },
          { label: 'SMS transactions', href: '/sms/transactions', page: 'Sms/Transactions', permission: 'sms.view' },
        ],
      },
      {
        label: 'Airtime',
        icon: Smartphone,
        children: [
          { label: 'Airtime overview', href: '/airtime', page: 'Airtime/Overview', permission: 'airtime.view', keywords: 'top-up' },
          { label: 'Airtime transactions', href: '/airtime/transactions', page: 'Airtime/Transactions', permission: 'airtime.view' },
        ],
      },
      {
        label: 'Email',
        icon: Mail,
        children: [
          { label: 'Email overview', href: '/email', page: 'Email/Overview', permission: 'email.view', keywords: 'send metrics' },
          { label: 'Email templates', href: '/email/templates', page: 'Email/Templates/Index', permission: 'email_templates.view' },
          { label: 'Email transactions', href: '/email/transactions', page: 'Email/Transactions', permission: 'email.view' },
          { label: 'Group transactions', href: '/email/group-transactions', page: 'Email/GroupTransactions', permission: 'email.view', keywords: 'email' },
          { label: 'Email settings', href: '/email/settings', page: 'Email/Settings', permission: 'email_settings.view', keywords: 'domains mailgun' },
        ],
      },
    ],
  },
  {
    label: 'Campaigns',
    entries: [
      { label: 'Campaigns', href: '/campaigns', page: 'Campaigns/Index', permission: 'campaigns.view', icon: Megaphone },
      {
        label: 'Events',
        icon: PartyPopper,
        children: [
          { label: 'Events', href: '/events', page: 'Campaigns/Events/Index', permission: 'events.view', keywords: 'rsvp' },
          { label: 'Event groups', href: '/groups', page: 'Campaigns/Groups/Index', permission: 'event_groups.view', keywords: 'workflows participants' },
          { label: 'Organisers', href: '/organisers', page: 'Campaigns/Organisers/Index', permission: 'organisers.view', keywords: 'organizers' },
          { label: 'Campaign calendar', href: '/campaigns/calendar', page: 'Campaigns/Calendar', permission: 'campaigns.view' },
        ],
      },
      { label: 'Surveys', href: '/surveys', page: 'Surveys/Index', permission: 'surveys.view', icon: SquareCheckBig, keywords: 'forms results' },
      { label: 'Calendar', href: '/calendar', page: 'Calendar/Overview', permission: 'calendar.view', icon: CalendarDays, keywords: 'events tasks' },
    ],
  },
  {
    label: 'Wallet',
    entries: [
      { label: 'Wallet', href: '/wallet', page: 'Wallet/Index', permission: 'wallet.view', icon: Wallet, keywords: 'credits balance' },
      { label: 'Wallet transactions', href: '/wallet/transactions', page: 'Wallet/Transactions', permission: 'wallet.view', icon: ArrowLeftRight, keywords: 'credits history' },
    ],
  },
  {
    label: 'Mailbox & Chat',
    entries: [
      {
        label: 'Mailbox',
        icon: Inbox,
        children: [
          { label: 'Inbox', href: '/mailbox', page: 'Mailbox/Overview', permission: 'mailbox.view', keywords: 'mailbox email' },
          { label: 'Compose', href: '/mailbox/compose', page: 'Mailbox/Compose', permission: 'mailbox.send', keywords: 'new mail write' },
          { label: 'Mail accounts', href: '/mailbox/providers', page: 'Mailbox/Providers', permission: 'mailbox.view', keywords: 'gmail outlook imap providers' },
          { label: 'Demo mail', href: '/mail', page: 'Mail/Index', permission: 'mailbox.view', keywords: 'sample' },
        ],
      },
      { label: 'Chat', href: '/chat', page: 'Chat/Overview', permission: 'chat.view', icon: MessagesSquare, keywords: 'messages conversations' },
    ],
  },
  {
    label: 'CMS & Media',
    entries: [
      { label: 'Pages', href: '/cms/pages', page: 'Pages/Index', permission: 'pages.view', icon: Newspaper, keywords: 'cms website' },
      { label: 'Media library', href: '/media-library', page: 'Media/Index', permission: 'media.view', icon: Images, keywords: 'files folders uploads' },
    ],
  },
  {
    label: 'Administration',
    entries: [
      { label: 'Users', href: '/users', page: 'Users/Index', permission: 'users.view', icon: UserCog, keywords: 'team members staff' },
      {
        label: 'User activity',
        href: '/users/activity',
        page: 'Users/Logs/Index',
        permission: 'user_logs.view',
        icon: Activity,
        keywords: 'logs analytics timeline',
        also: /^\/users\/\d+\/activity$/,
      },
      { label: 'Roles', href: '/roles', page: 'Roles/Index', permission: 'roles.view', icon: ShieldCheck },
      { label: 'Permissions', href: '/permissions', page: 'Permissions', permission: 'roles.view', icon: KeyRound, keywords: 'access' },
      { label: 'Notifications', href: '/notifications', page: 'Notifications', permission: 'notifications.view', icon: Bell, keywords: 'alerts' },
      { label: 'Realtime', href: '/realtime', page: 'Realtime/Index', permission: 'realtime.view', icon: Radio, keywords: 'live connections websocket online' },
    ],
  },
  {
    label: 'Settings',
    entries: [
      { label: 'Settings', href: '/settings', page: 'Settings/Index', permission: 'company_settings.view', icon: Settings, keywords: 'preferences' },
      {
        label: 'Company',
        icon: Building2,
        children: [
          { label: 'Company settings', href: '/settings/company', page: 'Settings/Company/Index', permission: 'company_settings.view', keywords: 'logo timezone name' },
          { label: 'SEO', href: '/settings/company/seo', page: 'Settings/Company/Seo', permission: 'company_settings.view', keywords: 'meta' },
          { label: 'Subscriptions', href: '/settings/company/subscriptions', page: 'Settings/Company/Subscriptions', permission: 'subscriptions.view', keywords: 'plan billing' },
          { label: 'Terms', href: '/settings/company/terms', page: 'Settings/Company/Terms', permission: 'company_settings.view' },
          { label: 'Theme', href: '/settings/company/theme', page: 'Settings/Company/Theme', permission: 'company_settings.view', keywords: 'colours branding' },
          { label: 'API tokens', href: '/settings/company/tokens', page: 'Settings/Company/Tokens', permission: 'company_settings.view', keywords: 'keys' },
        ],
      },
      {
        label: 'Accounting',
        icon: Calculator,
        children: [
          { label: 'Accounting settings', href: '/settings/accounting', page: 'Settings/Accounting/Index', permission: 'accounting_settings.view', keywords: 'general financial year' },
          { label: 'Categories', href: '/settings/accounting/categories', page: 'Settings/Accounting/Categories', permission: 'categories.view' },
          { label: 'Currencies', href: '/settings/accounting/currencies', page: 'Settings/Accounting/Currencies', permission: 'currencies.view' },
          { label: 'Taxes', href: '/settings/accounting/taxes', page: 'Settings/Accounting/Taxes', permission: 'taxes.view', keywords: 'vat' },
          { label: 'Defaults', href: '/settings/accounting/defaults', page: 'Settings/Accounting/Defaults', permission: 'accounting_settings.view' },
          { label: 'Invoice settings', href: '/settings/accounting/invoices', page: 'Settings/Accounting/Invoices', permission: 'accounting_settings.view', keywords: 'numbering' },
          { label: 'Accounting email templates', href: '/settings/accounting/email-templates', page: 'Settings/Accounting/EmailTemplates', permission: 'accounting_settings.view' },
          { label: 'Accounting mailbox', href: '/settings/accounting/mailbox', page: 'Settings/Accounting/Mailbox', permission: 'accounting_settings.view' },
          { label: 'Offline payments', href: '/settings/accounting/offline-payments', page: 'Settings/Accounting/OfflinePayments', permission: 'accounting_settings.view', keywords: 'cash cheque' },
          { label: 'Scheduling', href: '/settings/accounting/scheduling', page: 'Settings/Accounting/Scheduling', permission: 'accounting_settings.view', keywords: 'reminders' },
        ],
      },
    ],
  },
  {
    // the people who run the platform, not a company's roles (docs/decisions/0031)
    label: 'Operator',
    entries: [
      { label: 'Operator payments', href: '/operator/payments', page: 'Operator/Payments', permission: null, operator: true, icon: ShieldCheck, keywords: 'platform offline approvals bank transfer' },
      { label: 'Operator rates', href: '/operator/rates', page: 'Operator/Rates', permission: null, operator: true, icon: ShieldCheck, keywords: 'platform credit price packages sms email airtime override' },
    ],
  },
];

/** Pages reached from the user menu rather than the sidebar; same visibility rule. */
export const USER_MENU: readonly MenuLink[] = [
  { label: 'Profile', href: '/profile', page: 'Profile/Index', permission: null, keywords: 'me avatar' },
  { label: 'Account', href: '/profile/account', page: 'Profile/Account', permission: null, keywords: 'password sessions security' },
];

// Only the keys are used (no module is loaded here); app.tsx loads pages from the same glob.
const PAGE_MODULES = import.meta.glob(['../pages/**/*.tsx', '!../pages/**/*.test.tsx']);

/** True when web/pages/<name>.tsx exists in this build. */
export function pageExists(name: string): boolean {
  return Object.hasOwn(PAGE_MODULES, `../pages/${name}.tsx`);
}

export type Visibility = { can: (permission: string) => boolean; exists: (page: string) => boolean; operator?: boolean };

export const isVisible = (link: MenuLink, v: Visibility) =>
  (link.operator ? v.operator === true : link.permission === null || v.can(link.permission)) && v.exists(link.page);

/**
 * The menu as this user sees it: entries they may open and whose page exists; a parent with no
 * visible child is dropped, one with a single child becomes a plain link (with the parent's
 * label and icon); a group with no visible entry is dropped.
 */
export function visibleMenu(v: Visibility, menu: readonly MenuGroup[] = MENU): MenuGroup[] {
  const groups: MenuGroup[] = [];
  for (const group of menu) {
    const entries: MenuEntry[] = [];
    for (const entry of group.entries) {
      if (!isParent(entry)) {
        if (isVisible(entry, v)) entries.push(entry);
        continue;
      }
      const children = entry.children.filter((child) => isVisible(child, v));
      if (children.length === 1) entries.push({ ...children[0], label: entry.label, icon: entry.icon });
      else if (children.length > 1) entries.push({ ...entry, children });
    }
    if (entries.length > 0) groups.push({ label: group.label, entries });
  }
  return groups;
}

export type SearchItem = {
  label: string;
  href: string;
  icon?: LucideIcon;
  /** Where it sits: "Outreach › SMS". */
  trail: string;
  keywords: string;
};

/** Every visible link, flattened, for the menu search. */
export function searchItems(groups: readonly MenuGroup[], extra: readonly MenuLink[] = []): SearchItem[] {
  const items: SearchItem[] = [];
  for (const group of groups) {
    for (const entry of group.entries) {
      const links = isParent(entry) ? entry.children.map((c) => ({ link: c, parent: entry })) : [{ link: entry, parent: null }];
      for (const { link, parent } of links) {
        const trail = [group.label, parent?.label].filter(Boolean).join(' › ');
        items.push({ label: link.label, href: link.href, icon: link.icon ?? parent?.icon, trail, keywords: link.keywords ?? '' });
      }
    }
  }
  for (const link of extra) items.push({ label: link.label, href: link.href, icon: link.icon, trail: 'Account', keywords: link.keywords ?? '' });
  return items;
}

/** Items whose label, place or keywords contain every word of the query (case-insensitive). */
export function filterSearchItems(items: readonly SearchItem[], query: string): SearchItem[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...items];
  const scored = items
    .map((item) => {
      const label = item.label.toLowerCase();
      const haystack = `${label} ${item.trail.toLowerCase()} ${item.keywords.toLowerCase()}`;
      if (!words.every((w) => haystack.includes(w))) return null;
      // Label matches first, then those starting with the query.
      const score = (label.startsWith(words[0]) ? 0 : label.includes(words[0]) ? 1 : 2);
      return { item, score };
    })
    .filter((x): x is { item: SearchItem; score: number } => x !== null);
  return scored.sort((a, b) => a.score - b.score).map((x) => x.item);
}

/**
 * The href among `hrefs` that best matches the current URL (longest prefix), or null. An entry's
 * `also` pattern (its record pages elsewhere in the URL space) wins over a prefix.
 */
export function activeHref(url: string, hrefs: Iterable<string>, also: readonly { href: string; pattern: RegExp }[] = []): string | null {
  const path = url.split(/[?#]/)[0].replace(/\/+$/, '') || '/';
  const claimed = also.find((a) => a.pattern.test(path));
  if (claimed) return claimed.href;
  let best: string | null = null;
  for (const href of hrefs) {
    if ((path === href || path.startsWith(`${href}/`)) && (!best || href.length > best.length)) best = href;
  }
  return best;
}

/** The `also` patterns of a (visible) menu's links, with their hrefs. */
export function menuAlso(groups: readonly MenuGroup[]): { href: string; pattern: RegExp }[] {
  return groups
    .flatMap((g) => g.entries.flatMap((e) => (isParent(e) ? e.children : [e])))
    .flatMap((link) => (link.also ? [{ href: link.href, pattern: link.also }] : []));
}

/** Every href of a (visible) menu. */
export function menuHrefs(groups: readonly MenuGroup[]): string[] {
  return groups.flatMap((g) => g.entries.flatMap((e) => (isParent(e) ? e.children.map((c) => c.href) : [e.href])));
}
