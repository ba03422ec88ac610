import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import type { TokenPair } from '@backroom/schema';
import { createHttpClient, REFRESH_TOKEN_PATH } from './client';

type Reply = { status: number; data?: unknown } | 'network';

/** A fake server: answers each call from `route`, recording what was sent. */
function harness(route: (config: InternalAxiosRequestConfig) => Reply | Promise<Reply>) {
  let token: TokenPair | null = { accessToken: 'old-access', refreshToken: 'old-refresh' };
  const calls: { url: string; auth: string | undefined; body: unknown }[] = [];
  const adapter: AxiosAdapter = async (config) => {
    calls.push({
      url: config.url ?? '',
      auth: AxiosHeaders.from(config.headers).get('Authorization') as string | undefined,
      body: config.data ? JSON.parse(config.data as string) : undefined,
    });
    const reply = await route(config);
    if (reply === 'network') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    const response = {
      status: reply.status,
      statusText: '',
      headers: {},
      config,
      data: reply.data ?? { resultCode: reply.status, message: '', data: null },
    };
    if (reply.status >= 400)
      throw new AxiosError(
        `Request failed with status code ${reply.status}`,
        AxiosError.ERR_BAD_RESPONSE,
        config,
        null,
        response,
      );
    return response;
  };
  const deps = {
    baseURL: 'http://test/backoffice/core',
    getToken: () => token,
    setToken: vi.fn((next: TokenPair) => {
      token = next;
    }),
    onSessionExpired: vi.fn(),
    onError: vi.fn(),
    adapter,
  };
  return { http: createHttpClient(deps), calls, deps };
}

const newPair = { accessToken: 'new-access', refreshToken: 'new-refresh' };

describe('HTTP client', () => {
  it('sends the bearer token, and none on anonymous calls', async () => {
    const { http, calls } = harness(() => ({ status: 200 }));
    await http.get('/api/AppModule/GetTopMenu');
    await http.post('/api/Authentication/Login', {}, { anonymous: true });
    expect(calls.map((call) => call.auth)).toEqual(['Bearer old-access', undefined]);
    expect(http.defaults.timeout).toBe(0);
  });

  it('refreshes once for two concurrent 401s and retries both with the new token', async () => {
    let release!: () => void;
    const refreshGate = new Promise<void>((resolve) => (release = resolve));
    const { http, calls, deps } = harness(async (config) => {
      if (config.url === REFRESH_TOKEN_PATH) {
        await refreshGate;
        return { status: 200, data: { resultCode: 200, message: 'OK', data: { token: newPair } } };
      }
      const auth = AxiosHeaders.from(config.headers).get('Authorization');
      return auth === 'Bearer new-access'
        ? { status: 200, data: { resultCode: 200, message: 'OK', data: config.url } }
        : { status: 401 };
    });

    const first = http.get('/api/one');
    const second = http.get('/api/two');
    await vi.waitFor(() => expect(calls.filter((call) => call.url === REFRESH_TOKEN_PATH)).toHaveLength(1));
    release();
    const answers = await Promise.all([first, second]);

    expect(answers.map((answer) => answer.data.data)).toEqual(['/api/one', '/api/two']);
    const refreshes = calls.filter((call) => call.url === REFRESH_TOKEN_PATH);
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]).toMatchObject({
      auth: undefined,
      body: { accessToken: 'old-access', refreshToken: 'old-refresh' },
    });
    expect(deps.setToken).toHaveBeenCalledWith(newPair);
    expect(
      calls
        .filter((call) => call.auth === 'Bearer new-access')
        .map((call) => call.url)
        .sort(),
    ).toEqual(['/api/one', '/api/two']);
    expect(deps.onError).not.toHaveBeenCalled();
  });

  it('ends the session when the refresh fails', async () => {
    const { http, deps } = harness((config) => (config.url === REFRESH_TOKEN_PATH ? { status: 401 } : { status: 401 }));
    await expect(http.get('/api/one')).rejects.toThrow('Request failed with status code 401');
    expect(deps.onSessionExpired).toHaveBeenCalledTimes(1);
    expect(deps.onError).not.toHaveBeenCalled();
  });

  it('does not refresh on an anonymous call', async () => {
    const { http, calls, deps } = harness(() => ({ status: 401 }));
    await expect(
      http.post('/api/Authentication/Login', {}, { anonymous: true, suppressErrorModal: true }),
    ).rejects.toThrow();
    expect(calls).toHaveLength(1);
    expect(deps.onSessionExpired).not.toHaveBeenCalled();
  });

  it('reports a 500 and a call without answer to the error modal, with axios messages', async () => {
    const { http, deps } = harness((config) => (config.url === '/api/down' ? 'network' : { status: 500 }));
    await expect(http.get('/api/broken')).rejects.toThrow('Request failed with status code 500');
    await expect(http.get('/api/down')).rejects.toThrow('Network Error');
    expect(deps.onError).toHaveBeenCalledTimes(2);
  });

  it('keeps the modal away when the call asks, and for point-of-sale calls', async () => {
    const { http, deps } = harness(() => ({ status: 500 }));
    await expect(http.get('/api/broken', { suppressErrorModal: true })).rejects.toThrow();
    await expect(http.post('/api/pointofsale/Save', {})).rejects.toThrow();
    expect(deps.onError).not.toHaveBeenCalled();
  });

  it('opens the modal for a refusal without fields (400, 403, 404, 409), not for a validation answer naming fields', async () => {
    const { http, deps } = harness((config) => {
      const status = Number(config.url?.split('/').pop());
      const named = config.url?.includes('/named/');
      return {
        status,
        data: {
          resultCode: status,
          message: 'No',
          data: null,
          errors: named ? [{ field: 'code', message: 'Code is required' }] : [],
        },
      };
    });
    for (const status of [400, 403, 404, 409]) await expect(http.post(`/api/plain/${status}`, {})).rejects.toThrow();
    expect(deps.onError).toHaveBeenCalledTimes(4);
    await expect(http.post('/api/named/400', {})).rejects.toThrow();
    await expect(http.post('/api/named/409', {})).rejects.toThrow();
    expect(deps.onError).toHaveBeenCalledTimes(4);
  });
});
