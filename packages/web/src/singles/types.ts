import type { ClientMenuItem } from '../store/menuSlice';

/** What the menu routes hand a single screen. */
export interface SingleScreenProps {
  item: ClientMenuItem;
}
