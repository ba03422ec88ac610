import { Suspense } from 'react';
import { Outlet, Route, useLocation } from 'react-router-dom';
import { Spinner } from '../ui/Spinner';
import { LazyBoundary, lazyPage } from '../ui/lazy';
import { PAGE_CONTENT, PageFade } from '../shell/PageTransition';

export const LoginPage = lazyPage(() => import('../pages/LoginPage'));
const ResetPasswordPage = lazyPage(() => import('../pages/ResetPasswordPage'));
const UnauthorizedPage = lazyPage(() => import('../pages/UnauthorizedPage'));
const LockPage = lazyPage(() => import('../pages/LockPage'));
const LoginSuccessPage = lazyPage(() => import('../pages/LoginSuccessPage'));
export const LogoutPage = lazyPage(() => import('../pages/LogoutPage'));
/** The first-run set-up (no shell, no session). */
const InstallerPage = lazyPage(() => import('../pages/InstallerScreen'));

/** Public pages: no shell, a centred card. */
function PublicLayout() {
  const { pathname } = useLocation();
  return (
    <main id="main" className="public-page" {...{ [PAGE_CONTENT]: '' }}>
      <PageFade pageKey={pathname}>
        <LazyBoundary>
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </LazyBoundary>
      </PageFade>
    </main>
  );
}

/**
 * The public routes (no shell). A signed-in user keeps /logout inside the shell, so it is listed
 * here only for anonymous visitors.
 */
export function publicRoutes(signedIn: boolean) {
  return (
    <Route element={<PublicLayout />}>
      <Route path="login" element={<LoginPage />} />
      <Route path="resetpassword" element={<ResetPasswordPage />} />
      <Route path="unauthorized" element={<UnauthorizedPage />} />
      <Route path="lock" element={<LockPage />} />
      <Route path="loginsuccess" element={<LoginSuccessPage />} />
      <Route path="installer" element={<InstallerPage />} />
      {!signedIn && <Route path="logout" element={<LogoutPage />} />}
    </Route>
  );
}
