import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { newPassword } from '@backroom/schema';

/** Inputs a new row of one entity is sent with that are no field of the registry (checked here, and again by the server). */
export interface AddInputs {
  /** Each value's name and its check: the message of its problem, nothing when it is fine. */
  checks: Record<string, (value: unknown) => string | undefined>;
  component: LazyExoticComponent<ComponentType>;
}

const blank = (value: unknown) => value === undefined || value === null || value === '';

/** By entity name: the new user's first password (blank: none until it is reset). Each component is its own chunk. */
export const addInputs: Record<string, AddInputs> = {
  user: {
    checks: { password: (value) => (blank(value) ? undefined : newPassword.safeParse(value).error?.issues[0]?.message) },
    component: lazy(() => import('../singles/NewPasswordInput')),
  },
};
