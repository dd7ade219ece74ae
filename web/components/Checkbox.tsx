/** @deprecated moved to the form kit: import from '@/components/form/Checkbox'. */
export * from './form/Checkbox';
