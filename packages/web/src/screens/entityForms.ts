import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { EntityFormProps } from './EntityFormProps';

/**
 * Entities whose add and edit screens are their own (the console's counterpart of the server's
 * domain modules), by entity name; every other entity gets the generic form. Each is its own chunk.
 */
export const entityForms: Record<string, LazyExoticComponent<ComponentType<EntityFormProps>>> = {
  printdeliveryorder: lazy(() => import('../stock/DeliveryOrderForm')),
  webhook: lazy(() => import('../online/WebhookForm')),
  hotkey: lazy(() => import('../terminals/HotkeyForm')),
  appcommand: lazy(() => import('../terminals/AppCommandForm')),
};
