/** @deprecated moved to the form kit: import from '@/components/form/FieldError'. */
export * from './form/FieldError';
