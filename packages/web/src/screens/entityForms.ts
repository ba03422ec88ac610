import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { NormalisedEntity } from '@backroom/schema';
import type { ClientMenuItem } from '../store/menuSlice';

/** What an entity's own form screen gets in place of the generic form. */
export interface EntityFormProps {
  entity: NormalisedEntity;
  item: ClientMenuItem;
  mode: 'add' | 'edit';
  title: string;
}

/**
 * Entities whose add and edit screens are their own (the console's counterpart of the server's
 * domain modules), by entity name; every other entity gets the generic form. Each is its own chunk.
 */
export const entityForms: Record<string, LazyExoticComponent<ComponentType<EntityFormProps>>> = {
  printdeliveryorder: lazy(() => import('../stock/DeliveryOrderForm')),
};
