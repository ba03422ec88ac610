import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorModal } from '../api/errorModal';
import { renderWithApp } from '../test/app';
import { ErrorModal } from './ErrorModal';

describe('error modal', () => {
  it('shows "Sorry," with the text and an OK button, and closes', async () => {
    await renderWithApp(<ErrorModal />);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => errorModal.show());

    const dialog = screen.getByRole('dialog', { name: 'Sorry,' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription("We couldn't provide this page. Please try again later");
    const ok = screen.getByRole('button', { name: 'OK' });
    expect(ok).toHaveFocus();
    await userEvent.click(ok);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the failed answer’s request id as the reference a person can quote', async () => {
    await renderWithApp(<ErrorModal />);
    act(() => errorModal.show('4f1c2a9e-req'));
    const dialog = screen.getByRole('dialog', { name: 'Sorry,' });
    expect(dialog).toHaveTextContent('Reference: 4f1c2a9e-req');
    act(() => errorModal.hide());
    act(() => errorModal.show());
    expect(screen.getByRole('dialog', { name: 'Sorry,' })).not.toHaveTextContent('Reference');
    act(() => errorModal.hide());
  });
});
