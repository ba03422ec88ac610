import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ClientMenuItem } from '../store/menuSlice';

/** What an entity's own list screen gets in place of the generic list. */
export interface EntityListProps {
  item: ClientMenuItem;
  title: string;
}

/** Entities whose list route is a screen of their own (the online order board), by entity name; each is its own chunk. */
export const entityLists: Record<string, LazyExoticComponent<ComponentType<EntityListProps>>> = {
  onlinesalesorder: lazy(() => import('../online/OrderBoard')),
};
