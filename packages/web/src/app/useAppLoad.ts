import { useRef } from 'react';
import { useAppSettings, useMenu, usePaymentProvider, useTopMenu, useVersion } from '../api/queries';
import { selectSignedIn, useAppSelector } from '../store';

export type AppStatus = 'loading' | 'ready';

/**
 * The app load: an anonymous user is ready at once; a signed-in user starts the menu,
 * settings and payment provider fetches (plus top menu and version) and is ready once the menu
 * answered 200. Any other answer leaves the app loading. A user who must change their password
 * first is ready at once: the server answers them nothing but the profile's calls, and the app
 * loads the rest once the password is changed, without leaving the page they are on.
 */
export function useAppLoad(): AppStatus {
  const signedIn = useAppSelector(selectSignedIn);
  const mustChangePassword = useAppSelector((state) => state.user.userInfo?.mustChangePassword ?? false);
  const menu = useMenu();
  useAppSettings();
  usePaymentProvider();
  useTopMenu();
  useVersion();
  const wasReady = useRef(false);
  if (!signedIn || mustChangePassword || menu.isSuccess) wasReady.current = true;
  return wasReady.current ? 'ready' : 'loading';
}
