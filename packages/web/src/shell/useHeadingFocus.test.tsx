import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, useLocation } from 'react-router-dom';
import { renderWithApp } from '../test/app';
import { useHeadingFocus } from './useHeadingFocus';

/** A shell in small: a menu link outside the page, a page keyed by its path with a heading. */
function Shell() {
  const { pathname } = useLocation();
  const heading = useHeadingFocus(pathname);
  return (
    <>
      <nav>
        <Link to="/product">Products</Link>
      </nav>
      <div key={pathname}>
        <h1 ref={heading} tabIndex={-1}>
          {pathname}
        </h1>
        {pathname === '/saved' && <input aria-label="Took the focus" autoFocus />}
      </div>
    </>
  );
}

describe('focus after navigation', () => {
  it('stays where it is on the first page, then goes to the heading of each new page', async () => {
    const { router } = await renderWithApp(<Shell />, { route: '/home' });
    expect(document.activeElement).toBe(document.body);

    await userEvent.click(screen.getByRole('link', { name: 'Products' }));
    expect(screen.getByRole('heading', { name: '/product' })).toHaveFocus();

    await act(() => router.navigate('/member'));
    expect(screen.getByRole('heading', { name: '/member' })).toHaveFocus();
  });

  it('leaves the focus to a page that took it itself', async () => {
    const { router } = await renderWithApp(<Shell />, { route: '/home' });
    await act(() => router.navigate('/saved'));
    expect(screen.getByRole('textbox', { name: 'Took the focus' })).toHaveFocus();
  });

  it('does not move on a change of the query alone (a list’s search or page)', async () => {
    const { router } = await renderWithApp(<Shell />, { route: '/product' });
    await userEvent.click(screen.getByRole('link', { name: 'Products' }));
    const link = screen.getByRole('link', { name: 'Products' });
    link.focus();
    await act(() => router.navigate('/product?page=2'));
    expect(link).toHaveFocus();
  });
});
