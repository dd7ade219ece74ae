/** @deprecated moved to the form kit: import from '@/components/form/Button'. */
export * from './form/Button';
