import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { OwnInputProps } from './OwnInputProps';

/**
 * Inputs of one entity's fields that replace the generic input of their kind, by `entity.field`
 * (the user's role: only the roles the caller may give). Each is its own chunk.
 */
export const ownInputs: Record<string, LazyExoticComponent<ComponentType<OwnInputProps>>> = {
  'user.role': lazy(() => import('../singles/AssignableRoleSelect')),
};
