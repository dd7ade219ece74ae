/** @deprecated moved to the form kit: import from '@/components/form/ActionMessage'. */
export * from './form/ActionMessage';
