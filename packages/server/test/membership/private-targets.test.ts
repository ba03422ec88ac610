import { describe, expect, it } from 'vitest';
import { useTestServer, type Row } from '../support/harness';

/** Every spelling of a loopback, private, link-local or otherwise non-public address an attacker might type. */
const NOT_PUBLIC = [
  // IPv4, as URLs also spell it
  'http://127.0.0.1/',
  'http://127.1/',
  'http://0x7f000001/',
  'http://2130706433/',
  'http://0177.0.0.1/',
  'http://0.0.0.0/',
  'http://10.0.0.1/',
  'http://172.16.0.1/',
  'http://192.168.1.1/',
  'http://169.254.169.254/',
  'http://100.64.0.1/',
  // IPv6 loopback and unspecified
  'http://[::1]/',
  'http://[0:0:0:0:0:0:0:1]/',
  'http://[0::1]/',
  'http://[::]/',
  'http://[::0]/',
  // IPv4-compatible (deprecated) forms of loopback and private addresses
  'http://[::127.0.0.1]/',
  'http://[::7f00:1]/',
  'http://[0:0:0:0:0:0:127.0.0.1]/',
  'http://[::10.0.0.1]/',
  'http://[::169.254.169.254]/',
  'http://[::8.8.8.8]/',
  // IPv4-mapped
  'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:7f00:1]/',
  'http://[0:0:0:0:0:ffff:127.0.0.1]/',
  'http://[::FFFF:10.0.0.1]/',
  'http://[::ffff:169.254.169.254]/',
  // IPv4-translated, NAT64, 6to4 and Teredo embeddings
  'http://[::ffff:0:127.0.0.1]/',
  'http://[64:ff9b::127.0.0.1]/',
  'http://[64:ff9b::7f00:1]/',
  'http://[64:ff9b:1::a00:1]/',
  'http://[2002:7f00:1::]/',
  'http://[2002:a00:1::1]/',
  'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/',
  // link-local, site-local, unique-local, multicast, documentation, discard
  'http://[fe80::1]/',
  'http://[FE80::a:b:c:d]/',
  'http://[febf::1]/',
  'http://[fec0::1]/',
  'http://[fc00::1]/',
  'http://[fd12:3456:789a::1]/',
  'http://[ff02::1]/',
  'http://[2001:db8::1]/',
  'http://[100::1]/',
  // ports and userinfo change nothing
  'http://[::127.0.0.1]:8080/members',
  'http://user:pass@[::1]:443/',
  'https://[::ffff:127.0.0.1]/',
];

describe('the private-address check of a typed endpoint', () => {
  const t = useTestServer({ users: ['admin'] });

  it('refuses every IPv4 and IPv6 spelling of a non-public address, naming the endpoint, before connecting', async () => {
    const passed: string[] = [];
    for (const endpoint of NOT_PUBLIC) {
      const res = await t.post<Row>('/membershipintegration/TestConnection', { endpoint });
      if (res.status !== 400 || res.body.errors?.[0]?.field !== 'endpoint') passed.push(`${endpoint} → ${res.status}`);
    }
    expect(passed).toEqual([]);
  });

  it('refuses them when a webhook is saved too', async () => {
    const passed: string[] = [];
    for (const url of [
      'http://[::127.0.0.1]/hook',
      'http://[64:ff9b::7f00:1]/hook',
      'http://[2002:7f00:1::]/hook',
      'http://[fd00::1]/hook',
    ]) {
      const res = await t.post<Row>('/DataRepository/Insert/webhook', {
        name: 'w',
        url,
        events: ['sale.created'],
        secret: 'whsec_0123456789abcdef',
        enabled: true,
      });
      if (res.status !== 400 || !res.body.errors?.some((e) => e.field === 'url'))
        passed.push(`${url} → ${res.status} ${JSON.stringify(res.body.errors)}`);
    }
    expect(passed).toEqual([]);
  });
});
