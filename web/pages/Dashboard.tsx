import { Head } from '@inertiajs/react';
import { BarChart } from '@/components/BarChart';
import { Card } from '@/components/Card';
import { EmptyState } from '@/components/EmptyState';
import { CustomerIcon, PercentIcon, TruckIcon, UsersIcon } from '@/components/icons';
import { StatCard } from '@/components/StatCard';
import { AppLayout, PageHeader } from '@/layouts/AppLayout';
import { formatDate, formatMonth } from '@/lib/format';
import { useSharedProps } from '@/lib/page';

type Props = {
  stats: { customers: number; vendors: number; taxes: number; users: number };
  recentCustomers: Array<{ id: number; name: string; email: string | null; created_at: string }>;
  customersByMonth: Array<{ month: string; count: number }>;
};

export default function Dashboard({ stats, recentCustomers = [], customersByMonth = [] }: Props) {
  const { auth, tenant } = useSharedProps();
  const timeZone = tenant?.timezone;
  const years = new Set(customersByMonth.map((m) => m.month.slice(0, 4)));
  const bars = customersByMonth.map((m) => {
    const { short, long } = formatMonth(m.month, years.size > 1);
    return { label: short, description: long, value: m.count };
  });
  const newCustomers = customersByMonth.reduce((sum, m) => sum + m.count, 0);

  return (
    <>
      <Head title="Dashboard" />
      <PageHeader title="Dashboard" />
      {auth?.user && (
        <p className="-mt-4 mb-6 text-sm text-slate-500 dark:text-slate-400">Welcome back, {auth.user.name}.</p>
      )}

      <section aria-label="Key figures" className="grid gap-5 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Customers" value={stats?.customers ?? 0} icon={<CustomerIcon />} tone="primary" />
        <StatCard label="Vendors" value={stats?.vendors ?? 0} icon={<TruckIcon />} tone="info" />
        <StatCard label="Taxes" value={stats?.taxes ?? 0} icon={<PercentIcon />} tone="warning" />
        <StatCard label="Users" value={stats?.users ?? 0} icon={<UsersIcon />} tone="success" />
      </section>

      <div className="mt-6 grid gap-6 xl:grid-cols-5">
        <Card title="New customers by month" className="xl:col-span-2">
          {bars.length > 0 && newCustomers > 0 ? (
            <BarChart data={bars} label="New customers by month" unit="customers" />
          ) : (
            <EmptyState title="Nothing to chart yet" description="New customers per month will show here." />
          )}
        </Card>

        <Card title="Recent customers" flush className="xl:col-span-3">
          {recentCustomers.length === 0 ? (
            <EmptyState title="No customers yet" description="Customers you add will appear here." />
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <thead>
                  <tr className="border-b border-slate-100 text-xs tracking-wide text-slate-500 uppercase dark:border-slate-700 dark:text-slate-400">
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
                      <td className="px-5 py-3 font-medium text-slate-900 dark:text-white">{customer.name}</td>
                      <td className="px-5 py-3 text-slate-600 dark:text-slate-300">
                        {customer.email || <span className="text-slate-400">—</span>}
                      </td>
                      <td className="px-5 py-3 text-end whitespace-nowrap text-slate-500 tabular-nums dark:text-slate-400">
                        <time dateTime={customer.created_at}>{formatDate(customer.created_at, timeZone)}</time>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Card>
      </div>
    </>
  );
}

Dashboard.layout = AppLayout;
