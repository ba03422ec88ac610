import type { WebModule } from '../screens/webModule';

/** Reorder suggestions: what to order per supplier, each figure explained; selected lines become draft purchase orders. */
export const reorderModule: WebModule = {
  name: 'reorder',
  singles: { reorder: () => import('./ReorderScreen') },
};
