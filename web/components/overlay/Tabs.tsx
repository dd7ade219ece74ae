import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { ReactNode } from 'react';
import { cx } from '../cx';

export type TabItem = { key: string; label: ReactNode; content: ReactNode };

export type TabsProps = {
  tabs: readonly TabItem[];
  /** Accessible name of the tab list. */
  label: string;
  /** Controlled: the selected tab's index, and its change. */
  selectedIndex?: number;
  onChange?: (index: number) => void;
  defaultIndex?: number;
  className?: string;
};

/**
 * Tabs (Headless UI): arrow keys move between tabs (mirrored in RTL), Home/End jump, the panel is
 * labelled by its tab. Hidden panels stay mounted (just hidden), so a half-filled form in one tab
 * survives a look at another.
 */
export function Tabs({ tabs, label, selectedIndex, onChange, defaultIndex = 0, className }: TabsProps) {
  return (
    <TabGroup selectedIndex={selectedIndex} onChange={onChange} defaultIndex={defaultIndex} className={className}>
      <TabList aria-label={label} className="flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-700">
        {tabs.map((tab) => (
          <Tab
            key={tab.key}
            className={cx(
              '-mb-px border-b-2 border-transparent px-4 py-2.5 text-sm font-medium whitespace-nowrap text-slate-600 transition-colors',
              'hover:text-slate-900 focus-visible:rounded-t-md focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary',
              'data-selected:border-primary data-selected:text-blue-700 dark:text-slate-400 dark:hover:text-white dark:data-selected:text-blue-300',
            )}
          >
            {tab.label}
          </Tab>
        ))}
      </TabList>
      <TabPanels className="pt-6">
        {tabs.map((tab) => (
          <TabPanel key={tab.key} unmount={false} className="focus:outline-none focus-visible:ring-2 focus-visible:ring-primary/40 rounded-md">
            {tab.content}
          </TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}
