/** @deprecated moved: import from '@/components/display/EmptyState'. */
export * from './display/EmptyState';
