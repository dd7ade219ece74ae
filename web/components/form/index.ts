// The form kit: fields bound to Inertia's useForm (or useZodForm), each labelled, described and
// showing its error beside it.
export { ActionMessage } from './ActionMessage';
export { Button, buttonClasses, type ButtonProps, type ButtonSize, type ButtonVariant } from './Button';
export { Checkbox } from './Checkbox';
export { Field, type ControlProps } from './Field';
export { FieldError } from './FieldError';
export { FileField } from './FileField';
export { MoneyField } from './MoneyField';
export { SelectField, type AsyncOptions } from './SelectField';
export { SubmitButton } from './SubmitButton';
export { SwitchField } from './SwitchField';
export { DateField, DateRangeField, NumberField, PhoneField, TextareaField, TextField } from './TextFields';
export { TextInput } from './TextInput';
export { useZodForm, type ZodForm, type ZodFormOptions } from './useZodForm';
export type { BindableForm, FormValues } from './bind';
export type { Option } from './options';
