/** @deprecated moved: import from '@/components/display/StatCard'. */
export * from './display/StatCard';
