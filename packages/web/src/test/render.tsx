import type { ReactElement } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { createQueryClient } from '../app/SignedInApp';
import { createAppStore, type RootState } from '../store';
import { startTestI18n } from './i18n';

/** Renders a part of the app with a fresh store, query client, router and the English texts. */
export async function renderWithApp(ui: ReactElement, { preloaded, route = '/home' }: { preloaded?: Partial<RootState>; route?: string } = {}) {
  await startTestI18n();
  const store = createAppStore(preloaded);
  const result = render(
    <Provider store={store}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </Provider>,
  );
  return { store, ...result };
}

export const adminInfo = { userId: 1, userName: 'admin', displayName: 'Ada Admin', role: 'Administrator', email: 'admin@example.com', otpEnabled: false, mustChangePassword: false };
export const adminToken = { accessToken: 'access', refreshToken: 'refresh' };
