import { useTranslation } from 'react-i18next';
import type { FormController } from './useFormController';

/** What stopped a form's last save, above the form: a newer version (with Reload), or the problems no field shows. */
export function SaveProblems({
  ctl,
  onReload,
}: {
  ctl: Pick<FormController, 'stale' | 'alert' | 'allow'>;
  onReload(): void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {ctl.stale && (
        <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2" role="alert">
          <span className="me-auto">{t('form.stale')}</span>
          <button
            type="button"
            className="btn btn-sm btn-warning"
            onClick={() => {
              ctl.allow();
              onReload();
            }}
          >
            {t('common.reload')}
          </button>
        </div>
      )}
      {ctl.alert.length > 0 && (
        <div className="alert alert-danger" role="alert">
          {ctl.alert.length === 1 ? (
            ctl.alert[0]
          ) : (
            <ul className="mb-0">
              {ctl.alert.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </>
  );
}
