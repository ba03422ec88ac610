import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UNSAFE_DataRouterContext, UNSAFE_NavigationContext, useBlocker, type Navigator } from 'react-router-dom';
import { ConfirmDialog } from '../shell/ConfirmDialog';

/**
 * Asks before leaving a form with unsaved changes: in-app navigation opens a confirm dialog, closing
 * or reloading the tab gets the browser's own prompt. Under a data router this is React Router's
 * `useBlocker`; under `<BrowserRouter>` (which has no blocker) the navigator's push and replace are
 * held while the form is dirty. `allow()` lets the next navigation through (after a save).
 */
export function useUnsavedGuard(when: boolean) {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
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

  const Guard = dataRouter ? BlockerGuard : NavigatorGuard;
  return { allow, guard: <Guard blocks={blocks} /> };
}

function LeaveDialog({ onStay, onLeave }: { onStay(): void; onLeave(): void }) {
  const { t } = useTranslation();
  return <ConfirmDialog title={t('form.unsavedTitle')} confirmLabel={t('form.leave')} onCancel={onStay} onConfirm={onLeave} />;
}

function BlockerGuard({ blocks }: { blocks(): boolean }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => blocks() && currentLocation.pathname !== nextLocation.pathname);
  if (blocker.state !== 'blocked') return null;
  return <LeaveDialog onStay={() => blocker.reset()} onLeave={() => blocker.proceed()} />;
}

function NavigatorGuard({ blocks }: { blocks(): boolean }) {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const [pending, setPending] = useState<(() => void) | null>(null);

  useEffect(() => {
    const nav = navigator as Navigator & Record<'push' | 'replace', Navigator['push']>;
    const { push, replace } = nav;
    const hold =
      (go: Navigator['push']): Navigator['push'] =>
      (...args) => {
        if (!blocks()) return go.apply(nav, args);
        setPending(() => () => go.apply(nav, args));
      };
    nav.push = hold(push);
    nav.replace = hold(replace);
    return () => {
      nav.push = push;
      nav.replace = replace;
    };
  }, [navigator, blocks]);

  if (!pending) return null;
  return (
    <LeaveDialog
      onStay={() => setPending(null)}
      onLeave={() => {
        setPending(null);
        pending();
      }}
    />
  );
}
