import { Suspense } from 'react';
import { Navigate, Routes, Route, useLocation } from 'react-router-dom';
import { selectSignedIn, useAppSelector } from '../store';
import { Spinner } from '../ui/Spinner';
import { fallbackPath, guardRedirect } from './guard';
import { LazyBoundary, lazyPage } from '../ui/lazy';
import { PageTransition } from '../shell/PageTransition';
import { publicRoutes } from './publicRoutes';

const SignedInApp = lazyPage(() => import('./SignedInApp'));

/** The route guard first; then the public pages, or the signed-in app. */
export function AppRoutes() {
  const location = useLocation();
  const signedIn = useAppSelector(selectSignedIn);
  const redirect = guardRedirect(location.pathname, location.search, signedIn);
  if (redirect) return <Navigate to={redirect} replace />;

  if (signedIn) {
    return (
      <LazyBoundary>
        <Suspense fallback={<Spinner />}>
          <SignedInApp />
        </Suspense>
      </LazyBoundary>
    );
  }

  return (
    <PageTransition>
      {(shown) => (
        <Routes location={shown}>
          {publicRoutes(false)}
          <Route path="*" element={<Navigate to={fallbackPath(false)} replace />} />
        </Routes>
      )}
    </PageTransition>
  );
}
