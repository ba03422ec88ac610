import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { FormActionProps } from './FormActionProps';

export interface FormTab {
  /** Tab id, and its label's key under `form.tabs`. */
  name: string;
  component: LazyExoticComponent<ComponentType<FormActionProps>>;
}

/** Tabs of one entity's edit form between Details and History, by entity name (the product's Stock). Each is its own chunk. */
export const formTabs: Record<string, readonly FormTab[]> = {
  product: [{ name: 'stock', component: lazy(() => import('../stock/ProductStockTab')) }],
};
