import type { ApiEnvelope, InstallerSetupRequest, InstallerStatus } from '@backroom/schema';
import { webRoot } from '../config/webRoot';

/**
 * The installer's calls are public and read with fetch: the login page asks for the status
 * without loading the session's HTTP client.
 */
export class InstallerError extends Error {
  constructor(readonly envelope: Partial<ApiEnvelope>) {
    super(envelope.message ?? 'Request failed');
  }
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${webRoot.apiBase}/api/installer/${path}`, init);
  const envelope = (await response.json().catch(() => ({}))) as Partial<ApiEnvelope<T>>;
  if (!response.ok)
    throw new InstallerError({
      ...envelope,
      message: envelope.message ?? `Request failed with status code ${response.status}`,
    });
  return envelope.data as T;
}

export const installerApi = {
  status: () => call<InstallerStatus>('Status'),
  setup: (body: InstallerSetupRequest) =>
    call<{ userId: number; userName: string }>('Setup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
};
