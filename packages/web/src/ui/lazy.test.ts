import { afterEach, describe, expect, it, vi } from 'vitest';
import { LAZY_TIMEOUT_MS } from '@backroom/schema';
import { CHUNK_FAILED, importWithTimeout } from './lazy';

afterEach(() => {
  vi.useRealTimers();
});

describe('lazy parts', () => {
  it('fails with "Loading chunk failed" when an import takes longer than the time-out', async () => {
    vi.useFakeTimers();
    const pending = importWithTimeout(() => new Promise(() => {}));
    const assertion = expect(pending).rejects.toThrow(CHUNK_FAILED);
    await vi.advanceTimersByTimeAsync(LAZY_TIMEOUT_MS);
    await assertion;
    expect(CHUNK_FAILED).toBe('Loading chunk failed');
  });

  it('fails the same way when the import fails', async () => {
    await expect(importWithTimeout(() => Promise.reject(new Error('network')))).rejects.toThrow('Loading chunk failed');
  });

  it('passes a module through', async () => {
    await expect(importWithTimeout(() => Promise.resolve({ default: 1 }))).resolves.toEqual({ default: 1 });
  });
});
