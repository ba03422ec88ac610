import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { errorModal } from '../api/errorModal';
import { Dialog } from '../ui/Dialog';

/** The modal shown for a failed call (other than 401) or a call without answer. */
export function ErrorModal() {
  const { t } = useTranslation();
  const open = useSyncExternalStore(errorModal.subscribe, errorModal.isOpen);
  const reference = useSyncExternalStore(errorModal.subscribe, errorModal.reference);
  if (!open) return null;
  return (
    <Dialog
      title={t('errors.modalTitle')}
      onCancel={errorModal.hide}
      icon={<i className="bi bi-x-circle text-danger display-4" aria-hidden="true" />}
      footer={
        <button type="button" className="btn btn-primary" onClick={errorModal.hide}>
          {t('common.ok')}
        </button>
      }
    >
      <p className="mb-0">{t('errors.modalText')}</p>
      {reference && (
        <p className="mt-2 mb-0 small text-body-secondary user-select-all">
          {t('errors.reference', { id: reference })}
        </p>
      )}
    </Dialog>
  );
}
