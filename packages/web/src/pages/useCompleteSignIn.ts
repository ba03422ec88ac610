import { useCallback } from 'react';
import type { LoginResponse } from '@backroom/schema';
import { useAppDispatch } from '../store';
import { signIn } from '../store/userSlice';

/** Stores the session of a finished sign-in; the route guard then moves the user on from the public page. */
export function useCompleteSignIn() {
  const dispatch = useAppDispatch();
  return useCallback(
    (response: LoginResponse) => {
      if (!response.token || !response.userInfo) throw new Error('The sign-in answer carries no session');
      dispatch(signIn({ userInfo: response.userInfo, token: response.token }));
    },
    [dispatch],
  );
}
