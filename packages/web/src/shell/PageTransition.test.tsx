import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, Outlet, Route, RouterProvider, Routes, useLocation } from 'react-router-dom';
import { PAGE_TRANSITION_MS } from '@backroom/schema';
import { PAGE_CONTENT, PageFade, PageTransition } from './PageTransition';

function Shell() {
  const { pathname } = useLocation();
  return (
    <main {...{ [PAGE_CONTENT]: '' }}>
      <PageFade pageKey={pathname}>
        <Outlet />
      </PageFade>
    </main>
  );
}

/** As the console routes its pages: the transition decides which location the routes show. */
function Pages() {
  return (
    <PageTransition>
      {(shown) => (
        <Routes location={shown}>
          <Route element={<Shell />}>
            <Route path="one" element={<h2 id="title">First page</h2>} />
            <Route path="two" element={<h2 id="title">Second page</h2>} />
          </Route>
        </Routes>
      )}
    </PageTransition>
  );
}

function renderPages() {
  const router = createMemoryRouter([{ path: '*', element: <Pages /> }], { initialEntries: ['/one'] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('page transitions', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the new page at once, fading in, while an inert copy of the old one fades out for 500 ms', async () => {
    const router = renderPages();
    expect(screen.getByRole('heading', { name: 'First page' })).toBeInTheDocument();
    await act(() => router.navigate('/two'));

    // The new page is there at once, in the fading-in container — not after the old one has faded out.
    const heading = screen.getByRole('heading', { name: 'Second page' });
    expect(heading.closest('.page-fade')).not.toBeNull();
    // The old page stays only as a picture: hidden from assistive technology, inert, without ids.
    expect(screen.queryByRole('heading', { name: 'First page' })).toBeNull();
    const leaving = document.querySelector('.page-fade-leaving')!;
    expect(leaving).toHaveAttribute('aria-hidden', 'true');
    expect(leaving.hasAttribute('inert')).toBe(true);
    expect(leaving.textContent).toBe('First page');
    expect(document.querySelectorAll('#title')).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(PAGE_TRANSITION_MS));
    expect(document.querySelector('.page-fade-leaving')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Second page' })).toBeInTheDocument();
  });

  it('keeps the page (no fade) when only the query changes', async () => {
    const router = renderPages();
    await act(() => router.navigate('/one?page=2'));
    expect(document.querySelector('.page-fade-leaving')).toBeNull();
  });
});
