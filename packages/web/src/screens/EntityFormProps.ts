import type { NormalisedEntity } from '@backroom/schema';
import type { ClientMenuItem } from '../store/menuSlice';

/** What an entity's own form screen gets in place of the generic form (screens/entityForms.ts). */
export interface EntityFormProps {
  entity: NormalisedEntity;
  item: ClientMenuItem;
  mode: 'add' | 'edit';
  title: string;
}
