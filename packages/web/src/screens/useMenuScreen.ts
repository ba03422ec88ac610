import { useEffect } from 'react';
import { usePageName } from '../store/usePageName';
import { useAppDispatch } from '../store';
import type { ClientMenuItem } from '../store/menuSlice';
import { setPagePrivilege } from '../store/pageSlice';

/** What every screen routed from a menu item does first: names the page and records the item as the page privilege. */
export function useMenuScreen(item: ClientMenuItem) {
  const dispatch = useAppDispatch();
  usePageName(item.name);
  useEffect(() => {
    dispatch(setPagePrivilege(item));
  }, [dispatch, item]);
}
