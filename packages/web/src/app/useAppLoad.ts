import { useAppSettings, useMenu, usePaymentProvider, useTopMenu, useVersion } from '../api/queries';
import { selectSignedIn, useAppSelector } from '../store';

export type AppStatus = 'loading' | 'ready';

/**
 * SPEC §4 app load: an anonymous user is ready at once; a signed-in user starts the menu,
 * settings and payment provider fetches (plus top menu and version) and is ready once the menu
 * answered 200. Any other answer leaves the app loading.
 */
export function useAppLoad(): AppStatus {
  const signedIn = useAppSelector(selectSignedIn);
  const menu = useMenu();
  useAppSettings();
  usePaymentProvider();
  useTopMenu();
  useVersion();
  return !signedIn || menu.isSuccess ? 'ready' : 'loading';
}
