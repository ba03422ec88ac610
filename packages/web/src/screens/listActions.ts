import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { BulkActionProps } from './BulkActionProps';

/**
 * Actions on the chosen rows of one entity's list beyond delete, by entity name (the product
 * list's "Print labels"). A list with one lets its rows be chosen. Each is its own chunk.
 */
export const bulkActions: Record<string, LazyExoticComponent<ComponentType<BulkActionProps>>> = {
  product: lazy(() => import('../stock/PrintLabelsAction')),
};
