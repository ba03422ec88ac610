import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { webRoot } from '../config/webRoot';
import { ErrorModal } from '../shell/ErrorModal';
import type { AppStore } from '../store';
import { AppRoutes } from './AppRoutes';
import { useLayoutEffects } from './layoutEffects';

function LayoutEffects() {
  useLayoutEffects();
  return null;
}

export function App({ store, basename = webRoot.routerBase }: { store: AppStore; basename?: string }) {
  return (
    <Provider store={store}>
      <LayoutEffects />
      <BrowserRouter basename={basename}>
        <AppRoutes />
      </BrowserRouter>
      <ErrorModal />
    </Provider>
  );
}
