import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../store';
import { visibleMenu, type ClientMenuItem } from '../store/menuSlice';
import { translatedMenu } from './registryText';

/** The signed-in user's menu as the server sent it, its names in the current language. */
export function useMenu() {
  const { t, i18n } = useTranslation();
  const listMenu = useAppSelector((state) => state.menu.listMenu);
  // The language is a dependency of its own: `t` keeps its identity across a change of language.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  return useMemo(() => translatedMenu(t, listMenu), [t, listMenu, i18n.language]);
}

/** The signed-in user's visible menu item for a screen (`printdeliveryorder`), if they have one: its path and rights. */
export function useMenuItem(screen: string): ClientMenuItem | undefined {
  const listMenu = useMenu();
  const path = `/${screen}`.toLowerCase();
  return visibleMenu(listMenu)
    .flatMap((group) => group.items)
    .find((item) => item.path.toLowerCase() === path);
}
