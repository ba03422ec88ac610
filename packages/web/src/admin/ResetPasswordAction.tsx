import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormActionProps } from '../screens/webModule';
import { ResetPasswordDialog } from './ResetPasswordDialog';

/** The user form's "Reset password" button, for those who may edit users. */
export default function ResetPasswordAction({ row, item }: FormActionProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!item.ableToEdit) return null;
  return (
    <>
      <button type="button" className="btn btn-outline-warning" onClick={() => setOpen(true)}>
        <i className="bi bi-key" aria-hidden="true" /> {t('singles.resetPassword.open')}
      </button>
      {open && (
        <ResetPasswordDialog userId={Number(row.id)} userName={String(row.userName)} onClose={() => setOpen(false)} />
      )}
    </>
  );
}
