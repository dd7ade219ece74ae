export { ImportWizard, type ImportWizardProps } from './ImportWizard';
