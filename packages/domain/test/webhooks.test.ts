import { comprobarUrlWebhook, direccionPrivada, DteError } from '../src';

describe('webhook destinations', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.255.255.254', true],
    ['10.20.30.40', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['172.32.0.1', false],
    ['192.168.0.10', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['224.0.0.1', true],
    ['255.255.255.255', true],
    ['8.8.8.8', false],
    ['1.1.1.1', false],
    // Documentation (TEST-NET-3) and benchmarking ranges reach no receiver: refused like reserved ones.
    ['203.0.113.10', true],
    ['198.18.0.1', true],
    // Loopback in every form inet_aton reads: decimal, octal, hex, short.
    ['2130706433', true],
    ['0177.0.0.1', true],
    ['0x7f.1', true],
    ['0x7f000001', true],
    ['127.1', true],
    ['017700000001', true],
    ['0251.0376.0251.0376', true], // 169.254.169.254 in octal
    ['0xa9fea9fe', true], // 169.254.169.254 in hex
    ['::1', true],
    ['::', true],
    ['fd12:3456::1', true],
    ['fe80::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['::ffff:a00:1', true],
    ['::ffff:808:808', false],
    ['::ffff:169.254.169.254', true],
    // IPv4-translated (RFC 6145), NAT64 (RFC 6052), 6to4 (RFC 3056) and IPv4-compatible: the IPv4 decides.
    ['::ffff:0:7f00:1', true],
    ['::ffff:0:808:808', false],
    ['64:ff9b::7f00:1', true],
    ['64:ff9b::a9fe:a9fe', true],
    ['64:ff9b::808:808', false],
    ['64:ff9b:1::1', true], // the local-use NAT64 prefix (RFC 8215)
    ['2002:7f00:1::1', true],
    ['2002:c0a8:101::1', true], // 192.168.1.1
    ['2002:808:808::1', false],
    ['::7f00:1', true],
    ['::127.0.0.1', true],
    ['::a00:1', true],
    ['::808:808', false],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', true], // Teredo
    ['fd00:ec2::254', true], // AWS's IPv6 metadata address
    ['fe80::a9fe:a9fe', true],
    ['ff02::1', true],
    ['2001:db8::1', true],
    ['2001:4860:4860::8888', false],
    ['no-es-ip', true],
  ])('%s is private: %s', (ip, privada) => {
    expect(direccionPrivada(ip)).toBe(privada);
  });

  const rechazo = (url: string, ambiente: '00' | '01', privadas = false) => {
    try {
      comprobarUrlWebhook(url, ambiente, privadas);
    } catch (err) {
      return err instanceof DteError ? [err.code, err.httpStatus] : err;
    }
    return 'admitida';
  };

  it('admits http for TEST only, and https to a public host for both', () => {
    expect(rechazo('http://erp.example.com/e', '00')).toBe('admitida');
    expect(rechazo('https://erp.example.com/e', '00')).toBe('admitida');
    expect(rechazo('https://erp.example.com/e', '01')).toBe('admitida');
    expect(rechazo('https://8.8.8.8/e', '01')).toBe('admitida');
    expect(rechazo('https://[2001:4860:4860::8888]/e', '01')).toBe('admitida');
    expect(rechazo('http://erp.example.com/e', '01')).toEqual(['WEBHOOK_URL_NOT_ALLOWED', 422]);
    for (const ambiente of ['00', '01'] as const)
      for (const url of ['ftp://x.test/e', 'x.test/e', 'https://a:b@x.test/e'])
        expect([url, rechazo(url, ambiente)]).toEqual([url, ['WEBHOOK_URL_NOT_ALLOWED', 422]]);
  });

  // Every form the URL parser reads as a private host, refused in either ambiente unless the deployment
  // allows private destinations, whatever the emisor's ambiente.
  const privadas = [
    'https://127.0.0.1:8080/e',
    'https://2130706433/e',
    'https://0177.0.0.1/e',
    'https://0x7f.1/e',
    'https://127.1/e',
    'https://localhost/e',
    'https://api.localhost/e',
    'https://10.0.0.1/e',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/e',
    'https://[::ffff:127.0.0.1]/e',
    'https://[::ffff:7f00:1]/e',
    'https://[::ffff:0:7f00:1]/e',
    'https://[64:ff9b::7f00:1]/e',
    'https://[2002:7f00:1::1]/e',
    'https://[::7f00:1]/e',
    'https://[fd00::1]/e',
    'https://[fe80::1]/e',
  ];
  it.each(privadas)('refuses %s unless private destinations are allowed', (url) => {
    for (const ambiente of ['00', '01'] as const) {
      expect([ambiente, rechazo(url, ambiente)]).toEqual([ambiente, ['WEBHOOK_URL_NOT_ALLOWED', 422]]);
      expect([ambiente, rechazo(url, ambiente, true)]).toEqual([ambiente, 'admitida']);
    }
  });

  it('refuses control characters the URL parser would drop, whatever the setting', () => {
    for (const url of [
      'https://x.test/e\r\nX-Inyectada: 1',
      'https://x.test/\te',
      'https://x.test/e\u0000',
      'https://x.test/\u0085',
    ])
      for (const privadas of [false, true])
        expect([url, rechazo(url, '00', privadas)]).toEqual([url, ['WEBHOOK_URL_NOT_ALLOWED', 422]]);
  });
});
