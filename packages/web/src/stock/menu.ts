import { useMenu } from '../i18n/useMenu';
import { visibleMenu, type ClientMenuItem } from '../store/menuSlice';

/** The signed-in user's visible menu item for a screen (`printdeliveryorder`), if they have one: its path and rights. */
export function useMenuItem(screen: string): ClientMenuItem | undefined {
  const listMenu = useMenu();
  const path = `/${screen}`.toLowerCase();
  return visibleMenu(listMenu)
    .flatMap((group) => group.items)
    .find((item) => item.path.toLowerCase() === path);
}
