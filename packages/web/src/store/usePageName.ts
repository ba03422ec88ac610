import { useEffect } from 'react';
import { useAppDispatch } from './index';
import { setPageName } from './settingsSlice';

/** Names the current page: the page header and the document title read it. */
export function usePageName(name: string) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(setPageName(name));
  }, [dispatch, name]);
}
