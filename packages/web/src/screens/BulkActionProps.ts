import type { ClientMenuItem } from '../store/menuSlice';

/** What a bulk action of a list gets (screens/listActions.ts): the chosen rows' ids. */
export interface BulkActionProps {
  ids: readonly number[];
  item: ClientMenuItem;
}
