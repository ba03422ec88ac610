import type { ClientMenuItem } from '../store/menuSlice';

/** What a per-entity form action gets (screens/formActions.tsx). */
export interface FormActionProps {
  /** The saved row the form edits. */
  row: Record<string, unknown>;
  item: ClientMenuItem;
}
