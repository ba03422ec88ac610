import { Component, lazy, type ComponentType, type ReactNode } from 'react';
import { LAZY_TIMEOUT_MS } from '@backroom/schema';
import { withTranslation, type WithTranslation } from 'react-i18next';

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

interface BoundaryState {
  error: Error | null;
}

class ChunkBoundary extends Component<WithTranslation & { children: ReactNode }, BoundaryState> {
  state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  render() {
    const { t, children } = this.props;
    const { error } = this.state;
    if (!error) return children;
    return (
      <div className="alert alert-danger m-3" role="alert">
        <p>{error.message === CHUNK_FAILED ? t('errors.chunkFailed') : t('errors.unexpected')}</p>
        <button type="button" className="btn btn-outline-danger" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </button>
      </div>
    );
  }
}

/** Shows "Loading chunk failed" (or a general failure) with a reload button instead of a part that failed. */
export const LazyBoundary: ComponentType<{ children: ReactNode }> = withTranslation()(ChunkBoundary);
