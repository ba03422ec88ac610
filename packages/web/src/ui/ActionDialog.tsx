import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './Dialog';

interface ActionDialogProps {
  title: ReactNode;
  /** The words of the button that does it. */
  actionLabel: string;
  /** Bootstrap's class of that button. */
  tone?: string;
  /** While what is typed cannot be sent yet (or a call is under way). */
  disabled: boolean;
  onAction(): void;
  onCancel(): void;
  children: ReactNode;
}

/** A dialog that asks for what one action needs: Cancel, and the button that does it. */
export function ActionDialog({
  title,
  actionLabel,
  tone = 'btn-primary',
  disabled,
  onAction,
  onCancel,
  children,
}: ActionDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={title}
      onCancel={onCancel}
      footer={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button type="button" className={`btn ${tone}`} disabled={disabled} onClick={onAction}>
            {actionLabel}
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
