import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { authApi } from '../api/endpoints';
import { usePageName } from '../store/usePageName';
import { useAppDispatch, useAppSelector } from '../store';
import { signIn } from '../store/userSlice';
import { Spinner } from '../ui/Spinner';

/**
 * Landing page after an external (single sign-on) sign-in. When the provider hands over a token
 * pair in the address fragment (`#accessToken=…&refreshToken=…`), the session is built from it
 * with `Me`; then home if a user is stored, else the login page.
 */
export default function LoginSuccessPage() {
  const { t } = useTranslation();
  usePageName(t('auth.loginSuccess.title'));
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const userStored = useAppSelector((state) => state.user.userInfo !== null);

  useEffect(() => {
    const fragment = new URLSearchParams(window.location.hash.slice(1));
    const accessToken = fragment.get('accessToken');
    const refreshToken = fragment.get('refreshToken');
    if (!accessToken || !refreshToken) {
      navigate(userStored ? '/home' : '/login', { replace: true });
      return;
    }
    let cancelled = false;
    authApi.me(accessToken).then(
      (userInfo) => {
        if (cancelled) return;
        dispatch(signIn({ userInfo, token: { accessToken, refreshToken } }));
        navigate('/home', { replace: true });
      },
      () => {
        if (!cancelled) navigate('/login', { replace: true });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [dispatch, navigate, userStored]);

  return <Spinner />;
}
