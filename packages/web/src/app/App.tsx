import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { ErrorModal } from '../shell/ErrorModal';
import type { AppStore } from '../store';
import { useLayoutEffects } from '../shell/layoutEffects';
import type { AppRouter } from './router';

function LayoutEffects() {
  useLayoutEffects();
  return null;
}

/** The console: the store, the data router (`createAppRouter`) and the error modal of failed calls. */
export function App({ store, router }: { store: AppStore; router: AppRouter }) {
  return (
    <Provider store={store}>
      <LayoutEffects />
      <RouterProvider router={router} />
      <ErrorModal />
    </Provider>
  );
}
