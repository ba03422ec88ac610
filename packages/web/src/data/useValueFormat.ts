import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dateTimeText, formatLocale, instantClockText, type ValueFormat } from '../fields/format';
import { selectMayUseApi, useAppSelector } from '../store';
import { dataApi } from './api';

/** The company's name, currency and time zone (`company/Format`): one query for every screen and the footer; a save of the Company screen invalidates it. */
export const companyFormatQuery = {
  queryKey: ['company', 'format'],
  queryFn: dataApi.companyFormat,
  staleTime: 10 * 60_000,
};

/** The company's format, asked for only while the API may be used (not before a required password change). */
export function useCompanyFormat() {
  const mayUseApi = useAppSelector(selectMayUseApi);
  return useQuery({ ...companyFormatQuery, enabled: mayUseApi });
}

/**
 * How values read on every screen: the company's base currency on money, numbers and dates in the
 * language written as the currency's country writes them (en-MY: 1/5/2024), times in the company's
 * time zone. Until the company's answer arrives (or without one) values read in the language alone.
 */
export function useValueFormat(): ValueFormat {
  const { i18n } = useTranslation();
  const company = useCompanyFormat();
  const currency = company.data?.currency ?? null;
  return { locale: formatLocale(i18n.language, currency), currency, timeZone: company.data?.timezone };
}

/** How an instant reads on every screen: the company's wall clock in its convention ("28/09/2026 2:05 pm"), '' for none. */
export function useInstantText(): (value: unknown) => string {
  const format = useValueFormat();
  return (value) => dateTimeText(value, format);
}

/** The time of day an instant reads at the company ("2:05 pm"), whatever the browser's zone. */
export function useInstantClockText(): (value: unknown) => string {
  const format = useValueFormat();
  return (value) => instantClockText(value, format);
}
