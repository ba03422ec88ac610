import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { AxiosError } from 'axios';
import type { ApiEnvelope } from '@backroom/schema';
import { usePageName } from '../app/usePageName';
import { useAppDispatch } from '../store';
import type { ClientMenuItem } from '../store/menuSlice';
import { setPagePrivilege } from '../store/pageSlice';

/** What the menu routes hand a single screen. */
export interface SingleScreenProps {
  item: ClientMenuItem;
}

/** Names the page and records the item as the page privilege, as every menu screen does. */
export function useSingleScreen(item: ClientMenuItem) {
  const dispatch = useAppDispatch();
  usePageName(item.name);
  useEffect(() => {
    dispatch(setPagePrivilege(item));
  }, [dispatch, item]);
}

/** A failed call as the user reads it: the first field message or the server's message, translated where we know it. */
export function useErrorText() {
  const { t } = useTranslation();
  return (error: unknown): string => translateMessage(t, serverMessage(error) ?? (error instanceof Error ? error.message : String(error)));
}

/** What the server said about a failed call: its first field message, else its message; undefined without an answer. */
export function serverMessage(error: unknown): string | undefined {
  const envelope = (error as AxiosError<Partial<ApiEnvelope>> | null)?.response?.data;
  return envelope?.errors?.[0]?.message ?? envelope?.message;
}

export const translateMessage = (t: (key: string, options?: Record<string, unknown>) => string, message: string) =>
  t(`singles.messages.${message}`, { defaultValue: t(`validation.${message}`, { defaultValue: message }) });
