import { useEffect, useState } from 'react';
import { installerApi } from './installerApi';

export type InstallerState =
  { state: 'loading' } | { state: 'open' } | { state: 'closed' } | { state: 'failed'; message: string };

/** The installer's status, read once; public pages have no query client, hence plain state. */
export function useInstallerStatus(): InstallerState {
  const [status, setStatus] = useState<InstallerState>({ state: 'loading' });
  useEffect(() => {
    let cancelled = false;
    installerApi.status().then(
      ({ open }) => !cancelled && setStatus({ state: open ? 'open' : 'closed' }),
      (error: unknown) =>
        !cancelled && setStatus({ state: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      cancelled = true;
    };
  }, []);
  return status;
}
