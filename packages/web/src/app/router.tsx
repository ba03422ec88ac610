import { createBrowserRouter } from 'react-router-dom';
import { AppRoutes } from './AppRoutes';

/**
 * The console's data router. One splat route renders the guard and the routes below it: the menu
 * routes are known only once the menu has loaded after sign-in, change with it, and live in the
 * signed-in chunk, so they stay descendant `<Routes>`. The data router is what lets a form block
 * every way of leaving it, the browser's Back button included (`useBlocker`).
 */
export const createAppRouter = (basename: string) =>
  createBrowserRouter([{ path: '*', element: <AppRoutes /> }], { basename });

export type AppRouter = ReturnType<typeof createAppRouter>;
