import axios, {
  AxiosHeaders,
  type AxiosAdapter,
  type AxiosError,
  type AxiosInstance,
  type InternalAxiosRequestConfig,
} from 'axios';
import { REQUEST_TIMEOUT_MS, type ApiEnvelope, type RefreshTokenResponse, type TokenPair } from '@backroom/schema';

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * Do not show the error modal for this call: kept for the calls made before or outside a
     * session (sign-in, password reset, token refresh), the sign-in's own profile calls and the
     * setting query (a failed one is only logged). Every other call's failure opens it.
     */
    suppressErrorModal?: boolean;
    /** A call made without a session (sign-in, password reset, token refresh): no bearer, and a 401 is an answer. */
    anonymous?: boolean;
    /** Set on the one retry after a token refresh. */
    retriedAfterRefresh?: boolean;
  }
}

export interface HttpClientDeps {
  baseURL: string;
  getToken(): TokenPair | null;
  setToken(token: TokenPair): void;
  /** The refresh failed: clear the stored session and go to the login page. */
  onSessionExpired(): void;
  /** A failure other than 401, or no response: show the error modal. */
  onError(error: AxiosError): void;
  adapter?: AxiosAdapter;
}

export const REFRESH_TOKEN_PATH = '/api/Authentication/RefreshToken';

/** Point-of-sale calls report their own errors. */
const isPointOfSaleCall = (url = '') => /pointofsale/i.test(url);

/** A validation answer naming fields: the screen shows each message beside its field, so it is no failure of the page. */
const namesFields = (error: AxiosError) => {
  const errors = (error.response?.data as { errors?: unknown } | undefined)?.errors;
  return (
    Array.isArray(errors) &&
    errors.some(
      (e) => typeof (e as { field?: unknown } | null)?.field === 'string' && (e as { field: string }).field !== '',
    )
  );
};

/** The "Sorry," modal: for every failure but a 401, a validation answer naming fields, a point-of-sale call or one its caller suppressed. */
export const opensErrorModal = (error: AxiosError) =>
  error.response?.status !== 401 &&
  !error.config?.suppressErrorModal &&
  !isPointOfSaleCall(error.config?.url) &&
  !namesFields(error);

const bearer = (token: TokenPair) => `Bearer ${token.accessToken}`;

export function createHttpClient(deps: HttpClientDeps): AxiosInstance {
  const http = axios.create({ baseURL: deps.baseURL, timeout: REQUEST_TIMEOUT_MS, adapter: deps.adapter });

  http.interceptors.request.use((config) => {
    const token = deps.getToken();
    if (token && !config.anonymous && !config.headers.has('Authorization'))
      config.headers.set('Authorization', bearer(token));
    return config;
  });

  // One refresh at a time: every call that meets a 401 while it runs waits for the same answer.
  let refreshing: Promise<TokenPair> | null = null;
  const refresh = (token: TokenPair) => {
    refreshing ??= http
      .post<ApiEnvelope<RefreshTokenResponse>>(REFRESH_TOKEN_PATH, token, { anonymous: true, suppressErrorModal: true })
      .then((response) => {
        const next = response.data.data.token;
        deps.setToken(next);
        return next;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  };

  const retry = (config: InternalAxiosRequestConfig, token: TokenPair) => {
    const headers = AxiosHeaders.from(config.headers);
    headers.set('Authorization', bearer(token));
    return http.request({ ...config, headers, retriedAfterRefresh: true });
  };

  http.interceptors.response.use(undefined, async (error: unknown) => {
    if (!axios.isAxiosError(error) || axios.isCancel(error)) throw error;
    const config = error.config;
    const status = error.response?.status;

    if (status === 401 && config && !config.anonymous && !config.retriedAfterRefresh) {
      const token = deps.getToken();
      if (token) {
        // A call sent with an access token that has since been replaced just retries with the new one.
        const sentWith = config.headers.get('Authorization');
        let next: TokenPair;
        try {
          next = sentWith === bearer(token) ? await refresh(token) : token;
        } catch {
          deps.onSessionExpired();
          throw error;
        }
        return retry(config, next);
      }
    }

    if (opensErrorModal(error)) deps.onError(error);
    throw error;
  });

  return http;
}
