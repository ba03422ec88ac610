import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * What a screen shows in place of data that failed to load, beside the "Sorry," modal the HTTP
 * client opened: the failure and a Retry (lists, a form's record, Home).
 */
export function LoadFailed({
  message,
  onRetry,
  children,
}: {
  message: string;
  onRetry: () => unknown;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2" role="alert">
      <span className="me-auto">{message}</span>
      {children}
      <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => void onRetry()}>
        {t('list.retry')}
      </button>
    </div>
  );
}
