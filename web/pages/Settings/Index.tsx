import { Head, Link } from '@inertiajs/react';
import { Building2, CreditCard, KeyRound, Landmark, Mail, Palette, ScrollText, Search, Shield, UserCog, Users, type LucideIcon } from 'lucide-react';
import { Card } from '@/components/display/Card';
import { PageHeader } from '@/components/display/PageHeader';
import { AppLayout } from '@/layouts/AppLayout';
import { useSharedProps } from '@/lib/page';

type Entry = { label: string; href: string; permission: string | null; icon: LucideIcon; description: string };
type Group = { title: string; entries: Entry[] };

/** Every settings page of Kazi, grouped; each shows only to those who may open it. */
const GROUPS: Group[] = [
  {
    title: 'Company',
    entries: [
      { label: 'Company', href: '/settings/company', permission: 'company_settings.view', icon: Building2, description: 'Name, address, time zone, currency, public address and logos.' },
      { label: 'SEO meta', href: '/settings/company/seo', permission: 'company_settings.view', icon: Search, description: 'How your public pages show in search results.' },
      { label: 'Terms', href: '/settings/company/terms', permission: 'company_settings.view', icon: ScrollText, description: 'Your own terms for customers.' },
      { label: 'Theme', href: '/settings/company/theme', permission: 'company_settings.view', icon: Palette, description: 'Your brand colour everywhere.' },
      { label: 'Subscriptions', href: '/settings/company/subscriptions', permission: 'subscriptions.view', icon: CreditCard, description: 'Your plan and billing.' },
      { label: 'API tokens', href: '/settings/company/tokens', permission: 'api_tokens.view', icon: KeyRound, description: 'Tokens for scripts and integrations.' },
    ],
  },
  {
    title: 'Work',
    entries: [
      { label: 'Accounting', href: '/settings/accounting', permission: 'accounting_settings.view', icon: Landmark, description: 'Invoices, currencies, taxes, categories, reminders.' },
      { label: 'Email', href: '/email/settings', permission: 'email_settings.view', icon: Mail, description: 'Sending providers and domains.' },
    ],
  },
  {
    title: 'People and access',
    entries: [
      { label: 'Users', href: '/users', permission: 'users.view', icon: Users, description: 'Who works in this company.' },
      { label: 'Roles', href: '/roles', permission: 'roles.view', icon: Shield, description: 'What each role may do.' },
      { label: 'Your profile', href: '/profile', permission: null, icon: UserCog, description: 'Your name, e-mail, password and sessions.' },
    ],
  },
];

/** Settings/Index: the hub of all settings. */
export default function SettingsIndex() {
  const { permissions } = useSharedProps();
  const held = new Set(permissions ?? []);
  const groups = GROUPS.map((g) => ({ ...g, entries: g.entries.filter((e) => e.permission === null || held.has(e.permission)) })).filter((g) => g.entries.length);
  return (
    <>
      <Head title="Settings" />
      <PageHeader title="Settings" description="Everything about how this company works in Kazi." />
      <div className="flex flex-col gap-8">
        {groups.map((g) => (
          <section key={g.title} aria-labelledby={`settings-${g.title}`}>
            <h2 id={`settings-${g.title}`} className="mb-3 text-sm font-semibold text-slate-900 dark:text-white">
              {g.title}
            </h2>
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {g.entries.map((e) => (
                <li key={e.href}>
                  <Card className="h-full transition-shadow focus-within:ring-2 focus-within:ring-primary hover:shadow-md">
                    <Link href={e.href} className="flex items-start gap-3 p-1 focus:outline-none">
                      <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-md bg-primary/10 text-primary-strong dark:text-primary-light">
                        <e.icon className="size-5" />
                      </span>
                      <span className="min-w-0">
                        <span className="block font-medium text-slate-900 dark:text-white">{e.label}</span>
                        <span className="block text-sm text-slate-500 dark:text-slate-400">{e.description}</span>
                      </span>
                    </Link>
                  </Card>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </>
  );
}

SettingsIndex.layout = AppLayout;
