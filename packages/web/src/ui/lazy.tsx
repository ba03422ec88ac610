import { Component, lazy, type ComponentType, type ReactNode } from 'react';
import { LAZY_TIMEOUT_MS } from '@backroom/schema';
import { useTranslation } from 'react-i18next';
import { usePageName } from '../store/usePageName';

export const CHUNK_FAILED = 'Loading chunk failed';

/** Rejects with "Loading chunk failed" when an import fails or takes longer than the time-out. */
export function importWithTimeout<T>(load: () => Promise<T>, timeoutMs = LAZY_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(CHUNK_FAILED)), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new Error(CHUNK_FAILED, { cause: error }));
      },
    );
  });
}

/** A lazily loaded page; `preload()` starts its download early without rendering it. */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => (loading ??= importWithTimeout(load));
  return Object.assign(lazy(preload), { preload });
}

interface BoundaryProps {
  children: ReactNode;
  /** A part of a page (a chart) rather than the page: its failure leaves the page's name alone. */
  part?: boolean;
}

interface BoundaryState {
  error: Error | null;
}

/** Shows "Loading chunk failed" (or a general failure) with a reload button instead of a part that failed. */
export class LazyBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return this.props.part ? <Failure error={error} /> : <FailedPage error={error} />;
  }
}

/** A page that failed is named for its failure, so the header and tab title do not show the page before it. */
function FailedPage({ error }: { error: Error }) {
  const { t } = useTranslation();
  usePageName(failureText(t, error));
  return <Failure error={error} />;
}

const failureText = (t: (key: string) => string, error: Error) =>
  error.message === CHUNK_FAILED ? t('errors.chunkFailed') : t('errors.unexpected');

function Failure({ error }: { error: Error }) {
  const { t } = useTranslation();
  return (
    <div className="alert alert-danger m-3" role="alert">
      <p>{failureText(t, error)}</p>
      <button type="button" className="btn btn-outline-danger" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </button>
    </div>
  );
}
