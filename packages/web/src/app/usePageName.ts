import { useEffect } from 'react';
import { useAppDispatch } from '../store';
import { setPageName } from '../store/settingsSlice';

/** Names the current page: the page header and the document title read it. */
export function usePageName(name: string) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(setPageName(name));
  }, [dispatch, name]);
}
