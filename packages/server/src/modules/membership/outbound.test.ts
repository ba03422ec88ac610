import { describe, expect, it } from 'vitest';
import { checkAddress } from './outbound';

describe('checkAddress', () => {
  it('admits public IPv4 and global IPv6 addresses, and names, as typed', () => {
    for (const endpoint of [
      'https://8.8.8.8/',
      'http://[2606:4700:4700::1111]/',
      'https://[2a00:1450:4001:82b::200e]:8443/x',
      'https://api.example.com/members',
    ]) {
      expect(checkAddress(endpoint, false).href).toBe(new URL(endpoint).href);
    }
  });

  it('admits every address when private targets are allowed', () => {
    for (const endpoint of ['http://[::127.0.0.1]/', 'http://[::1]/', 'http://10.0.0.1/', 'http://localhost/'])
      expect(() => checkAddress(endpoint, true)).not.toThrow();
  });

  it('refuses an IPv4-compatible loopback address, saying why', () => {
    expect(() => checkAddress('http://[::127.0.0.1]/', false)).toThrow(/non-global IPv6 address \(::7f00:1\)/);
  });
});
