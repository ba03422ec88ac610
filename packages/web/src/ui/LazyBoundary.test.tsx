import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/app';
import { CHUNK_FAILED, LazyBoundary } from './lazy';

function Broken(): never {
  throw new Error(CHUNK_FAILED);
}

describe('a part that failed to load', () => {
  it('names the page for its failure when it was the page, so the header does not show the page before it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { store } = await renderWithApp(
      <LazyBoundary>
        <Broken />
      </LazyBoundary>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Loading chunk failed');
    await waitFor(() => expect(store.getState().settings.pageName).toBe('Loading chunk failed'));
  });

  it('leaves the page named when it was only a part of it (a chart)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { store } = await renderWithApp(
      <LazyBoundary part>
        <Broken />
      </LazyBoundary>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Loading chunk failed');
    expect(store.getState().settings.pageName).toBe('');
  });
});
