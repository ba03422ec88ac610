import { useCallback } from 'react';
import { authApi } from '../api/endpoints';
import { pageNavigation } from '../config/navigation';
import { logoutUrl } from '../config/webRoot';
import { endSession } from '../store/session';

/**
 * Logout: tell the server (a failure changes nothing), clear user and token, remove
 * both storage keys, and load the lower-cased web URL without /setup.
 */
export function useLogout() {
  return useCallback(async () => {
    try {
      await authApi.logout();
    } catch {
      // The session ends on this side whatever the server answered.
    }
    endSession();
    pageNavigation.assign(logoutUrl());
  }, []);
}
