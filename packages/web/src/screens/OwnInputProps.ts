import type { NormalisedField } from '@backroom/schema';
import type { Common } from '../fields/FieldShell';

/** What an entity's own input for one of its fields gets (screens/ownInputs.ts). */
export interface OwnInputProps {
  field: NormalisedField;
  /** React Hook Form path. */
  name: string;
  common: Common;
  className: string;
}
