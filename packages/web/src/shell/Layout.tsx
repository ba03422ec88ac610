import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { LazyBoundary } from '../ui/lazy';
import { pageTitle } from './layoutEffects';
import { PAGE_CONTENT, PageFade } from './PageTransition';
import { useAppDispatch, useAppSelector } from '../store';
import { setSetting } from '../store/settingsSlice';
import { Spinner } from '../ui/Spinner';
import { Footer } from './Footer';
import { Offsidebar } from './Offsidebar';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import { useHeadingFocus } from './useHeadingFocus';

/** The shell of signed-in pages: top bar, sidebar, settings side panel, content and footer. */
export default function Layout() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const { pageName, hiddenFooter } = useAppSelector((state) => state.settings);
  const heading = useHeadingFocus(pathname);

  // The sidebar closes on navigation.
  useEffect(() => {
    dispatch(setSetting({ name: 'asideToggled', value: false }));
  }, [dispatch, pathname]);

  return (
    <div className="wrapper">
      <a
        className="skip-link"
        href="#main"
        onClick={(event) => {
          // With a <base> element a bare fragment link would load the base page.
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        {t('common.skipToContent')}
      </a>
      <TopBar />
      <Sidebar />
      <Offsidebar />
      <section className="section-container">
        <main id="main" tabIndex={-1} className="content-wrapper" {...{ [PAGE_CONTENT]: '' }}>
          <PageFade pageKey={pathname}>
            <h1 ref={heading} tabIndex={-1} className="content-heading">
              {pageTitle(pageName)}
            </h1>
            <LazyBoundary key={pathname}>
              <Suspense fallback={<Spinner />}>
                <Outlet />
              </Suspense>
            </LazyBoundary>
          </PageFade>
        </main>
      </section>
      {!hiddenFooter && <Footer />}
    </div>
  );
}
