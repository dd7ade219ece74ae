/** @deprecated moved to the form kit: import from '@/components/form/TextInput'. */
export * from './form/TextInput';
