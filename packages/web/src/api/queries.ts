import { DEFAULT_TAKE_PER_ROW, SETTING_KEYS } from '@backroom/schema';
import { useQuery } from '@tanstack/react-query';
import { setDefaultTakePerRow, setFileManager, setPaymentProviderUrl, setApiBuildNumber } from '../store/settingsSlice';
import { selectMayUseApi, selectSignedIn, useAppDispatch, useAppSelector } from '../store';
import { setListMenu, toClientGroup } from '../store/menuSlice';
import { setUserInfo } from '../store/userSlice';
import { webRoot } from '../config/webRoot';
import { authApi, fetchSettings, menuApi } from './endpoints';

/** Settings read at start (the payment provider URL has a fetch of its own, as the app load lists it apart). */
const GENERAL_KEYS = [
  SETTING_KEYS.setupUrl,
  SETTING_KEYS.reportUrl,
  SETTING_KEYS.inventoryUrl,
  SETTING_KEYS.fileManagerUrl,
  SETTING_KEYS.takePerRow,
] as const;

export interface AppLinks {
  setupUrl: string;
  reportUrl: string;
  inventoryUrl: string;
}

/** A relative setting value is taken as relative to the web root. */
const absolute = (value: string) => (value ? new URL(value, `${webRoot.url}/`).href : '');

const parseTake = (value: string) => {
  const take = Number.parseInt(value, 10);
  return Number.isInteger(take) && take > 0 ? take : DEFAULT_TAKE_PER_ROW;
};

/** A failed setting fetch is only logged; the UI stays without the links. */
const logged =
  <T>(what: string, load: () => Promise<T>) =>
  async () => {
    try {
      return await load();
    } catch (error) {
      console.error(`Could not load ${what}`, error);
      throw error;
    }
  };

export function useAppSettings() {
  const mayUseApi = useAppSelector(selectMayUseApi);
  const dispatch = useAppDispatch();
  return useQuery({
    queryKey: ['appSettings'],
    enabled: mayUseApi,
    staleTime: Infinity,
    queryFn: logged('app settings', async (): Promise<AppLinks> => {
      const values = await fetchSettings(GENERAL_KEYS);
      const fileManager = values[SETTING_KEYS.fileManagerUrl];
      dispatch(setFileManager({ fileManagerUrl: absolute(fileManager), originalFileManager: fileManager }));
      dispatch(setDefaultTakePerRow(parseTake(values[SETTING_KEYS.takePerRow])));
      return {
        setupUrl: absolute(values[SETTING_KEYS.setupUrl]),
        reportUrl: absolute(values[SETTING_KEYS.reportUrl]),
        inventoryUrl: absolute(values[SETTING_KEYS.inventoryUrl]),
      };
    }),
  });
}

export function usePaymentProvider() {
  const mayUseApi = useAppSelector(selectMayUseApi);
  const dispatch = useAppDispatch();
  return useQuery({
    queryKey: ['paymentProvider'],
    enabled: mayUseApi,
    staleTime: Infinity,
    queryFn: logged('the payment provider URL', async () => {
      const values = await fetchSettings([SETTING_KEYS.paymentProviderUrl]);
      dispatch(setPaymentProviderUrl(values[SETTING_KEYS.paymentProviderUrl]));
      return values[SETTING_KEYS.paymentProviderUrl];
    }),
  });
}

export function useMenu() {
  const mayUseApi = useAppSelector(selectMayUseApi);
  const userId = useAppSelector((state) => state.user.userInfo?.userId);
  const dispatch = useAppDispatch();
  return useQuery({
    queryKey: ['menu', userId],
    enabled: mayUseApi,
    staleTime: Infinity,
    // The store holds the menu before the query reports success, so routes never render without it;
    // the user's field groups (privileges no menu item carries) come with it, from Me.
    queryFn: async () => {
      const [menu, me] = await Promise.all([menuApi.getMenu(), authApi.me()]);
      const groups = menu.map(toClientGroup);
      dispatch(setUserInfo(me));
      dispatch(setListMenu(groups));
      return groups;
    },
  });
}

export function useTopMenu() {
  const mayUseApi = useAppSelector(selectMayUseApi);
  return useQuery({ queryKey: ['topMenu'], enabled: mayUseApi, staleTime: Infinity, queryFn: menuApi.getTopMenu });
}

export function useVersion() {
  const signedIn = useAppSelector(selectSignedIn);
  const dispatch = useAppDispatch();
  return useQuery({
    queryKey: ['version'],
    enabled: signedIn,
    staleTime: Infinity,
    queryFn: async () => {
      const envelope = await menuApi.getVersion();
      dispatch(setApiBuildNumber(envelope?.data?.buildNumber ?? ''));
      return envelope?.resultCode === 200 ? envelope.data.apiVersion : '';
    },
  });
}
