import { createContext, type ComponentType } from 'react';
import type { NormalisedField } from '@backroom/schema';
import type { Common } from './FieldShell';

/** What an entity's own input for one of its fields gets. */
export interface OwnInputProps {
  field: NormalisedField;
  /** React Hook Form path. */
  name: string;
  common: Common;
  className: string;
}

/** Inputs that replace a field's generic input, by `entity.field` (`entity.child.field`): the modules' `ownInputs`, handed down by the screens. */
export const OwnInputsContext = createContext<Readonly<Record<string, ComponentType<OwnInputProps>>>>({});
