/** @deprecated moved: import from '@/components/display/Card'. */
export * from './display/Card';
