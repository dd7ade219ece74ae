export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export { Drawer, type DrawerProps } from './Drawer';
export { Modal, type ModalProps, type ModalSize } from './Modal';
export { Tabs, type TabItem, type TabsProps } from './Tabs';
