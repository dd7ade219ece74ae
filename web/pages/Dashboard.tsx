import { Head } from '@inertiajs/react';
import { useMemo } from 'react';
import { Chart } from '@/components/chart/Chart';
import { cx } from '@/components/cx';
import { Card } from '@/components/display/Card';
import { EmptyState } from '@/components/display/EmptyState';
import { PageHeader } from '@/components/display/PageHeader';
import { StatCard } from '@/components/display/StatCard';
import { CustomerIcon, PercentIcon, TruckIcon, UsersIcon } from '@/components/icons';
import type { FinanceWidgets } from '@common/reports/widgets';
import { FinanceWidgetsSection } from '@/features/reports/FinanceWidgets';
import { AppLayout } from '@/layouts/AppLayout';
import { formatMonth, useFormats } from '@/lib/format';
import { useSharedProps } from '@/lib/page';

type Props = {
  stats: { customers: number; vendors: number; taxes: number; users: number };
  recentCustomers: Array<{ id: number; name: string; email: string | null; created_at: string }>;
  customersByMonth: Array<{ month: string; count: number }>;
  finance?: FinanceWidgets | null;
  /** the session that made the account: greet "Welcome", not "Welcome back" */
  first_visit?: boolean;
};

const NO_STATS: Props['stats'] = { customers: 0, vendors: 0, taxes: 0, users: 0 };

export default function Dashboard({ stats = NO_STATS, recentCustomers = [], customersByMonth = [], finance = null, first_visit = false }: Props) {
  const { auth } = useSharedProps();
  const formats = useFormats();

  const byMonth = useMemo(() => {
    const years = new Set(customersByMonth.map((m) => m.month.slice(0, 4)));
    return {
      labels: customersByMonth.map((m) => formatMonth(m.month, years.size > 1).short),
      series: [{ label: 'New customers', data: customersByMonth.map((m) => m.count), color: 'primary' as const }],
      total: customersByMonth.reduce((sum, m) => sum + m.count, 0),
    };
  }, [customersByMonth]);

  const contacts = useMemo(
    () => ({
      labels: ['Customers', 'Vendors'],
      series: [{ label: 'Contacts', data: [stats.customers, stats.vendors], color: ['primary', 'info'] as const }],
    }),
    [stats.customers, stats.vendors],
  );

  return (
    <>
      <Head title="Dashboard" />
      <PageHeader
        title="Dashboard"
        description={
          auth?.user ? (
            <>
              {first_visit ? 'Welcome' : 'Welcome back'}, <bdi>{auth.user.name}</bdi>.
            </>
          ) : undefined
        }
      />

      {/* money leads; the counts of records follow it (a phone's first screen shows what is owed and what came in) */}
      {finance && <FinanceWidgetsSection data={finance} />}

      <section aria-label="Records" className={cx('grid gap-5 sm:grid-cols-2 xl:grid-cols-4', finance && 'mt-6')}>
        <StatCard label="Customers" value={stats.customers} icon={<CustomerIcon />} tone="primary" />
        <StatCard label="Vendors" value={stats.vendors} icon={<TruckIcon />} tone="info" />
        <StatCard label="Taxes" value={stats.taxes} icon={<PercentIcon />} tone="warning" />
        <StatCard label="Users" value={stats.users} icon={<UsersIcon />} tone="success" />
      </section>

      <div className="mt-6 grid gap-6 xl:grid-cols-5">
        <Card title="New customers by month" className="xl:col-span-3">
          {byMonth.labels.length > 0 && byMonth.total > 0 ? (
            <Chart type="bar" labels={byMonth.labels} series={byMonth.series} label="New customers by month" height={260} />
          ) : (
            <EmptyState title="Nothing to chart yet" description="New customers per month will show here." />
          )}
        </Card>

        <Card title="Customers and vendors" className="xl:col-span-2">
          {stats.customers + stats.vendors > 0 ? (
            <Chart type="doughnut" labels={contacts.labels} series={contacts.series} label="Customers and vendors" height={260} />
          ) : (
            <EmptyState title="No contacts yet" description="Customers and vendors you add will show here." />
          )}
        </Card>
      </div>

      <Card title="Recent customers" flush className="mt-6">
        {recentCustomers.length === 0 ? (
          <EmptyState title="No customers yet" description="Customers you add will appear here." />
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">Recent customers</caption>
              <thead>
                <tr className="border-b border-slate-100 text-xs tracking-wide text-slate-600 uppercase dark:border-slate-700 dark:text-slate-400">
                  <th scope="col" className="px-5 py-3 text-start font-medium">
                    Name
                  </th>
                  <th scope="col" className="px-5 py-3 text-start font-medium">
                    Email
                  </th>
                  <th scope="col" className="px-5 py-3 text-end font-medium">
                    Added
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
                {recentCustomers.map((customer) => (
                  <tr key={customer.id} className="hover:bg-slate-50 dark:hover:bg-slate-700/40">
                    <td className="px-5 py-3 font-medium text-slate-900 dark:text-white">
                      <bdi>{customer.name}</bdi>
                    </td>
                    <td className="px-5 py-3 text-slate-600 dark:text-slate-300">
                      {customer.email ? (
                        <bdi>{customer.email}</bdi>
                      ) : (
                        <span className="text-slate-400">
                          <span aria-hidden="true">—</span>
                          <span className="sr-only">No email</span>
                        </span>
                      )}
                    </td>
                    <td className="px-5 py-3 text-end whitespace-nowrap text-slate-600 tabular-nums dark:text-slate-400">
                      <time dateTime={customer.created_at}>{formats.date(customer.created_at)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </>
  );
}

Dashboard.layout = AppLayout;
