import {
  MENU_ID,
  SETTING_PROCEDURE,
  settingField,
  settingQuery,
  type ApiEnvelope,
  type ChangePasswordRequest,
  type LoginRequest,
  type LoginResponse,
  type MenuGroupDto,
  type OtpSetupResponse,
  type RequestResetPasswordRequest,
  type SamlProvider,
  type TokenPair,
  type TopMenuEntry,
  type UserInfo,
  type ValidateOtpRequest,
  type ValidateResetPasswordOtpRequest,
  type VersionInfo,
} from '@backroom/schema';
import type { AxiosRequestConfig } from 'axios';
import { webRoot } from '../config/webRoot';

const AUTH = '/api/Authentication';
const SESSION_AUTH = '/api/authentication';
/** Sign-in forms show their errors inline, so these calls never open the error modal. */
const inline = { anonymous: true, suppressErrorModal: true } as const;

/** The HTTP client (axios) loads with the first call, so a page that makes none yet — the login page — stays small. */
const client = async () => (await import('./http')).http;
const get = async <T>(url: string, config?: AxiosRequestConfig) => (await client()).get<ApiEnvelope<T>>(url, config);
const post = async <T>(url: string, body: unknown, config?: AxiosRequestConfig) =>
  (await client()).post<ApiEnvelope<T>>(url, body, config);

const data = async <T>(request: Promise<{ data: ApiEnvelope<T> }>) => (await request).data.data;

export const authApi = {
  login: (body: LoginRequest) => data(post<LoginResponse>(`${AUTH}/Login`, body, inline)),
  validateOtp: (body: ValidateOtpRequest) => data(post<LoginResponse>(`${AUTH}/ValidateOtp`, body, inline)),
  requestResetPassword: (body: RequestResetPasswordRequest) =>
    data(post<unknown>(`${AUTH}/RequestResetPassword`, body, inline)),
  validateResetPasswordOtp: (body: ValidateResetPasswordOtpRequest) =>
    data(post<unknown>(`${AUTH}/ValidateResetPasswordOtp`, body, inline)),
  changePassword: (body: ChangePasswordRequest) =>
    data(post<{ token: TokenPair }>(`${SESSION_AUTH}/ChangePassword`, body, { suppressErrorModal: true })),
  logout: () => data(post<unknown>(`${SESSION_AUTH}/Logout`, {}, { suppressErrorModal: true })),
  /** With an explicit token: used on the external sign-in landing page before the session exists. */
  me: (accessToken?: string) =>
    data(
      get<UserInfo>(
        `${SESSION_AUTH}/Me`,
        accessToken ? { headers: { Authorization: `Bearer ${accessToken}` }, suppressErrorModal: true } : {},
      ),
    ),
  setupOtp: () => data(post<OtpSetupResponse>(`${SESSION_AUTH}/SetupOtp`, {}, { suppressErrorModal: true })),
  enableOtp: (otp: string, password: string) =>
    data(post<unknown>(`${SESSION_AUTH}/EnableOtp`, { otp, password }, { suppressErrorModal: true })),
  disableOtp: (password: string) =>
    data(post<unknown>(`${SESSION_AUTH}/DisableOtp`, { password }, { suppressErrorModal: true })),
};

export const menuApi = {
  /** Only a 200 answer makes the app ready; any other leaves it loading. */
  getMenu: async () => {
    const { data: envelope } = await get<MenuGroupDto[]>(`/api/AppModule/GetMenu/${MENU_ID.setup}`);
    if (envelope.resultCode !== 200) throw new Error(envelope.message);
    return envelope.data;
  },
  getTopMenu: async () => {
    const { data: envelope } = await get<TopMenuEntry[]>('/api/AppModule/GetTopMenu');
    return envelope.resultCode === 200 ? envelope.data : [];
  },
  /** The whole envelope of any answer: the build number is kept whatever the result code. */
  getVersion: async () =>
    (await get<VersionInfo>('/api/Info/Version', { anonymous: true, validateStatus: () => true })).data,
};

/** The `SP_Multiple_Appsetting` setting query: returns each key's value, empty when unset. */
export async function fetchSettings<K extends string>(keys: readonly K[]): Promise<Record<K, string>> {
  const { data: envelope } = await post<Record<string, unknown>[]>(
    `/api/DataRepository/procedure/${SETTING_PROCEDURE}`,
    settingQuery(keys),
    { suppressErrorModal: true },
  );
  if (envelope.resultCode !== 200) throw new Error(envelope.message);
  const row = envelope.data[0] ?? {};
  const values = {} as Record<K, string>;
  for (const key of keys) {
    const value = row[settingField(key)];
    values[key] = value === null || value === undefined ? '' : String(value);
  }
  return values;
}

/**
 * Public list of single sign-on providers; an empty list on any failure. Read with
 * fetch: the call needs none of the client's session handling, and the login page shows it
 * without loading axios.
 */
export async function getSamlProviders(): Promise<SamlProvider[]> {
  try {
    const response = await fetch(`${webRoot.apiBase}/api/PublicDataRepository/procedure/getsaml`);
    if (!response.ok) return [];
    const envelope = (await response.json()) as Partial<ApiEnvelope<SamlProvider[]>>;
    return Array.isArray(envelope.data) ? envelope.data : [];
  } catch {
    return [];
  }
}
