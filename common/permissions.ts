/**
 * The permission registry: every `area.action` name Kazi knows. CRUD actions are
 * derived for each area; special actions are listed with their area. Routes declare
 * one of these names (or `public` / `authenticated`), and the Owner role holds all.
 */
export const CRUD = ['view', 'create', 'update', 'delete'] as const;

const AREAS = {
  // Accounting and sales
  invoices: ['send'],
  bills: [],
  estimates: ['send'],
  items: ['import'],
  customers: ['import'],
  vendors: [],
  transactions: ['import'],
  transfers: ['import'],
  taxes: [],
  currencies: [],
  categories: [],
  documents: ['send'],
  accounts: [],
  accounting_settings: [],
  reports: ['export'],
  // Outreach
  contacts: ['import', 'export'],
  segments: [],
  sms: ['send'],
  airtime: ['send'],
  email_templates: [],
  email: ['send'],
  email_settings: [],
  // Campaigns
  campaigns: [],
  organisers: [],
  // view_all: every event of the company; without it a member sees the events they made, organise or whose campaign they own
  events: ['view_all'],
  event_groups: [],
  // send: invitations, follow-ups and reminders; check_in: guests at the door (an organiser's phone)
  rsvp: ['send', 'check_in'],
  // send: a survey to contacts by SMS or email, each with their personal link (paid from the wallet)
  surveys: ['close', 'send'],
  workflows: [],
  task_templates: [],
  tasks: ['approve'],
  calendar: [],
  // Wallet
  wallet: ['purchase', 'manage'],
  // Mailbox and chat
  mailbox: ['send'],
  chat: [],
  // CMS and media
  pages: ['publish'],
  media: ['upload'],
  // Administration
  roles: [],
  users: ['invite'],
  user_logs: [],
  notifications: [],
  realtime: [],
  company_settings: [],
  // personal and company API tokens (Settings/Company/Tokens); manage = the company's tokens and everyone's
  api_tokens: ['manage'],
  subscriptions: [],
  dashboard: [],
} as const satisfies Record<string, readonly string[]>;

export type Area = keyof typeof AREAS;
type Special<A extends Area> = (typeof AREAS)[A][number];
export type Permission = { [A in Area]: `${A}.${(typeof CRUD)[number] | Special<A>}` }[Area];

export const PERMISSION_AREAS = Object.keys(AREAS) as Area[];

export const PERMISSIONS: readonly Permission[] = PERMISSION_AREAS.flatMap((area) =>
  [...CRUD, ...(AREAS[area] as readonly string[])].map((action) => `${area}.${action}` as Permission),
);

const known = new Set<string>(PERMISSIONS);
export function isPermission(name: string): name is Permission {
  return known.has(name);
}

/** What a route needs: a permission, or an explicit statement that it needs none. */
export type RouteAccess = Permission | readonly Permission[] | 'public' | 'authenticated';

/** The Permissions page's grouping of areas (every area appears in exactly one section). */
export const PERMISSION_SECTIONS: readonly { label: string; areas: readonly Area[] }[] = [
  {
    label: 'Accounting and sales',
    areas: ['invoices', 'bills', 'estimates', 'items', 'customers', 'vendors', 'transactions', 'transfers', 'taxes', 'currencies', 'categories', 'documents', 'accounts', 'accounting_settings', 'reports'],
  },
  { label: 'Outreach', areas: ['contacts', 'segments', 'sms', 'airtime', 'email_templates', 'email', 'email_settings'] },
  {
    label: 'Campaigns',
    areas: ['campaigns', 'organisers', 'events', 'event_groups', 'rsvp', 'surveys', 'workflows', 'task_templates', 'tasks', 'calendar'],
  },
  { label: 'Wallet', areas: ['wallet'] },
  { label: 'Mailbox and chat', areas: ['mailbox', 'chat'] },
  { label: 'CMS and media', areas: ['pages', 'media'] },
  { label: 'Administration', areas: ['roles', 'users', 'user_logs', 'notifications', 'realtime', 'company_settings', 'api_tokens', 'subscriptions', 'dashboard'] },
];

const AREA_LABELS: Partial<Record<Area, string>> = { api_tokens: 'API tokens', sms: 'SMS', rsvp: 'RSVP', email: 'Email sending', pages: 'CMS pages' };
/** A readable name for an area: `accounting_settings` → "Accounting settings". */
export const areaLabel = (area: Area) => AREA_LABELS[area] ?? area.charAt(0).toUpperCase() + area.slice(1).replace(/_/g, ' ');

/** What every role needs to use the shell: the dashboard, its own notifications, chat with colleagues and its own mailboxes. */
const EVERYONE: readonly Permission[] = [
  'dashboard.view',
  'notifications.view',
  'chat.view',
  'chat.create',
  'chat.update',
  'chat.delete',
  'mailbox.view',
  'mailbox.create',
  'mailbox.update',
  'mailbox.delete',
  'mailbox.send',
];

/** Built-in roles seeded into every tenant (editable later, except Owner). */
export const BUILT_IN_ROLES: { slug: string; name: string; permissions: (p: Permission) => boolean }[] = [
  { slug: 'owner', name: 'Owner', permissions: () => true },
  {
    slug: 'admin',
    name: 'Admin',
    // everything but managing the subscription and deleting roles; it may see the subscription, so it
    // holds every other built-in role's permissions and can give those roles (nobody gives more than they hold)
    permissions: (p) => (p === 'subscriptions.view' || !p.startsWith('subscriptions.')) && p !== 'roles.delete',
  },
  {
    slug: 'accountant',
    name: 'Accountant',
    permissions: (p) =>
      /^(invoices|bills|estimates|items|customers|vendors|transactions|transfers|taxes|currencies|categories|documents|accounts|accounting_settings|reports)\./.test(
        p,
      ) ||
      // what credits cost the company: the purchases are money spent
      p === 'wallet.view' ||
      EVERYONE.includes(p),
  },
  {
    slug: 'campaign-manager',
    name: 'Campaign manager',
    permissions: (p) =>
      /^(contacts|segments|sms|airtime|email_templates|email|campaigns|organisers|events|event_groups|rsvp|surveys|workflows|task_templates|tasks|calendar|pages|media)\./.test(
        p,
      ) ||
      // the sends it makes are paid from the wallet: it sees the balance and may top it up
      p === 'wallet.view' ||
      p === 'wallet.purchase' ||
      EVERYONE.includes(p),
  },
  {
    slug: 'organiser',
    name: 'Organiser',
    permissions: (p) =>
      // the events they made or organise, not every event of the company (server/modules/campaigns/access.ts)
      (/^(events|event_groups|rsvp|tasks|calendar)\./.test(p) && p !== 'events.view_all') ||
      ['campaigns.view', 'surveys.view', 'contacts.view', 'media.view'].includes(p) ||
      EVERYONE.includes(p),
  },
  // read-only: only `*.view`, and not other people's activity (everyone reads their own log without a permission)
  { slug: 'viewer', name: 'Viewer', permissions: (p) => p.endsWith('.view') && !p.startsWith('user_logs.') },
];
