import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router-dom';
import { ConfirmDialog } from '../ui/ConfirmDialog';

/**
 * Asks before leaving a form with unsaved changes: any navigation to another page — a link, the
 * browser's Back and Forward buttons — opens a confirm dialog (React Router's `useBlocker`), and
 * closing or reloading the tab gets the browser's own prompt. `allow()` lets the next navigation
 * through (after a save).
 */
export function useUnsavedGuard(when: boolean) {
  const whenRef = useRef(when);
  const allowed = useRef(false);
  whenRef.current = when;
  const blocks = useCallback(() => whenRef.current && !allowed.current, []);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!blocks()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when, blocks]);

  const allow = useCallback(() => {
    allowed.current = true;
  }, []);

  return { allow, guard: <LeaveGuard blocks={blocks} /> };
}

function LeaveGuard({ blocks }: { blocks(): boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => blocks() && currentLocation.pathname !== nextLocation.pathname,
  );
  if (blocker.state !== 'blocked') return null;
  return (
    <ConfirmDialog
      title={t('form.unsavedTitle')}
      confirmLabel={t('form.leave')}
      onCancel={() => blocker.reset()}
      onConfirm={() => blocker.proceed()}
    />
  );
}
