import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from '../form/Button';
import { Modal } from './Modal';

export type ConfirmDialogProps = {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  title?: ReactNode;
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** `danger` for deletes (the default). */
  tone?: Extract<ButtonVariant, 'danger' | 'primary'>;
  /** The action is running: the confirm button spins and both are disabled. */
  busy?: boolean;
};

/**
 * "Are you sure?" before something that cannot be undone (deletes: "Delete" / "Cancel"). Cancel
 * has the focus first, so Enter or Escape never deletes by accident.
 */
export function ConfirmDialog({
  open,
  onClose,
  onConfirm,
  title = 'Are you sure?',
  children,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  tone = 'danger',
  busy = false,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      onClose={busy ? () => {} : onClose}
      title={title}
      role="alertdialog"
      size="sm"
      hideClose
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy} autoFocus>
            {cancelLabel}
          </Button>
          <Button variant={tone} onClick={onConfirm} disabled={busy} busy={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
