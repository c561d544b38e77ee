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
    ['203.0.113.10', false],
    ['::1', true],
    ['::', true],
    ['fd12:3456::1', true],
    ['fe80::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['::ffff:a00:1', true],
    ['::ffff:808:808', false],
    ['2001:4860:4860::8888', false],
    ['no-es-ip', true],
  ])('%s is private: %s', (ip, privada) => {
    expect(direccionPrivada(ip)).toBe(privada);
  });

  const rechazo = (url: string, ambiente: '00' | '01') => {
    try {
      comprobarUrlWebhook(url, ambiente);
    } catch (err) {
      return err instanceof DteError ? [err.code, err.httpStatus] : err;
    }
    return 'admitida';
  };

  it('admits http and loopback for TEST only, and https to a public host for both', () => {
    expect(rechazo('http://127.0.0.1:8080/e', '00')).toBe('admitida');
    expect(rechazo('https://erp.example.com/e', '00')).toBe('admitida');
    expect(rechazo('https://erp.example.com/e', '01')).toBe('admitida');
    expect(rechazo('https://8.8.8.8/e', '01')).toBe('admitida');
    for (const url of ['http://erp.example.com/e', 'https://localhost/e', 'https://[::1]/e', 'https://10.0.0.1/e'])
      expect([url, rechazo(url, '01')]).toEqual([url, ['WEBHOOK_URL_NOT_ALLOWED', 422]]);
    for (const ambiente of ['00', '01'] as const)
      for (const url of ['ftp://x.test/e', 'x.test/e', 'https://a:b@x.test/e'])
        expect([url, rechazo(url, ambiente)]).toEqual([url, ['WEBHOOK_URL_NOT_ALLOWED', 422]]);
  });
});
