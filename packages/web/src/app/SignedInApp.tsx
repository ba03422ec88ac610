import { Suspense, useMemo, useState, type ComponentType } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { useMenu } from '../i18n/useMenu';
import { screenRoutes } from '../screens/screenRoutes';
import { ModulesProvider, useModules } from '../screens/modules';
import { useMenuScreen } from '../screens/useMenuScreen';
import type { SingleScreenProps } from '../screens/webModule';
import type { ClientMenuItem } from '../store/menuSlice';
import Layout from '../shell/Layout';
import { useAppSelector } from '../store';
import { Spinner } from '../ui/Spinner';
import { fallbackPath } from './guard';
import { LazyBoundary, lazyPage } from '../ui/lazy';
import { modules } from './modules';
import { PageTransition } from '../shell/PageTransition';
import { LogoutPage, publicRoutes } from './publicRoutes';
import { useAppLoad } from './useAppLoad';

const HomePage = lazyPage(() => import('../pages/HomePage'));
const ProfilePage = lazyPage(() => import('../pages/ProfilePage'));
const NoAccessPage = lazyPage(() => import('../pages/NoAccessPage'));
const ApiDocsPage = lazyPage(() => import('../apidocs'));
const MenuScreen = lazyPage(() => import('../screens/MenuScreen'));
const ListValueScreen = lazyPage(() => import('../screens/ListValueScreen'));

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });

/** A module's single screen, named and privileged by its menu item as every menu-routed screen is. */
function SingleScreen({ Single, item }: { Single: ComponentType<SingleScreenProps>; item: ClientMenuItem }) {
  useMenuScreen(item);
  return <Single item={item} />;
}

function SignedInRoutes() {
  const status = useAppLoad();
  const { pathname } = useLocation();
  const mustChangePassword = useAppSelector((state) => state.user.userInfo?.mustChangePassword ?? false);
  const listMenu = useMenu();
  const routes = useMemo(() => screenRoutes(listMenu), [listMenu]);
  const { singles } = useModules();
  if (status === 'loading') return <Spinner />;
  // An account whose password must change reaches nothing but the profile (and logout) until it has.
  if (mustChangePassword && pathname !== '/profil' && pathname !== '/logout') return <Navigate to="/profil" replace />;

  return (
    <PageTransition>
      {(shown) => (
        <Routes location={shown}>
          {publicRoutes(true)}
          <Route element={<Layout />}>
            <Route index element={<Navigate to="/home" replace />} />
            <Route path="home" element={<HomePage />} />
            <Route path="profil" element={<ProfilePage />} />
            <Route path="noaccess" element={<NoAccessPage />} />
            <Route path="api-docs" element={<ApiDocsPage />} />
            <Route path="logout" element={<LogoutPage />} />
            {routes.map((route) => {
              const Single = singles[route.screen];
              const Screen = route.screen === 'listvalue' ? ListValueScreen : MenuScreen;
              const element = Single ? (
                <SingleScreen key={route.path} Single={Single} item={route.item} />
              ) : (
                <Screen key={route.path} item={route.item} mode={route.mode} />
              );
              return <Route key={route.path} path={route.path} element={element} />;
            })}
          </Route>
          <Route path="*" element={<Navigate to={fallbackPath(true)} replace />} />
        </Routes>
      )}
    </PageTransition>
  );
}

/**
 * Everything a signed-in user needs beyond the public pages: server data through TanStack
 * Query, the app load (menu, settings, version), the shell and the menu-driven routes. Loaded only after sign-in.
 */
export default function SignedInApp() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <LazyBoundary>
        <Suspense fallback={<Spinner />}>
          <ModulesProvider modules={modules}>
            <SignedInRoutes />
          </ModulesProvider>
        </Suspense>
      </LazyBoundary>
    </QueryClientProvider>
  );
}
