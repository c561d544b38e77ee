import { comprobarUrlWebhook, DteError } from '../src';

describe('webhook destinations', () => {
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

  it('refuses characters a URL does not carry raw, and answers the normalized form', () => {
    for (const url of [
      'https://x.test/e f',
      'https://x.test/"e"',
      'https://x.test/<e>',
      'https://x"y.test/e',
      'https://x.test/{e}',
      'https://x.test/e|f',
      'https://x.test/e\\f',
      'https://x.test/e^f',
      'https://x.test/e`',
      'https://x.test/e%',
      'https://x.test/e%2',
      'https://x.test/e%zz',
      'https://x.test/cañón',
      'https://cañón.test/e',
    ])
      for (const privadas of [false, true])
        expect([url, rechazo(url, '00', privadas)]).toEqual([url, ['WEBHOOK_URL_NOT_ALLOWED', 422]]);
    expect(comprobarUrlWebhook('HTTPS://X.Test:443/a/../e%20f?b=[1]&c=%C3%B1', '01', false).href).toBe(
      'https://x.test/e%20f?b=[1]&c=%C3%B1',
    );
    expect(comprobarUrlWebhook('https://xn--caon-hqa.test/e', '01', false).href).toBe('https://xn--caon-hqa.test/e');
  });
});
