import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { FormActionProps } from './FormActionProps';

/**
 * Actions of one entity's edit form beyond the generic ones, by entity name: the console's
 * counterpart of the server's hooks. Each is its own chunk.
 */
export const formActions: Record<string, LazyExoticComponent<ComponentType<FormActionProps>>> = {
  user: lazy(() => import('../singles/ResetPasswordAction')),
};
