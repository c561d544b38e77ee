import { direccionPrivada, hostPrivado } from '../src';

/** The one destination policy of webhooks and mailboxes (`packages/domain/src/destinos`). */
describe('private destinations', () => {
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

  it.each([
    ['localhost', true],
    ['LOCALHOST.', true],
    ['imap.localhost', true],
    ['127.0.0.1', true],
    ['2130706433', true],
    ['0x7f.1', true],
    ['169.254.169.254', true],
    ['10.0.0.5', true],
    ['[::1]', true],
    ['::1', true],
    ['[fd00::1]', true],
    ['8.8.8.8', false],
    ['[2001:4860:4860::8888]', false],
    // A name is judged by what it resolves to, at setting and at every connection.
    ['imap.gmail.com', false],
    ['localhost.example.com', false],
  ])('the host %s is private before any resolution: %s', (host, privado) => {
    expect(hostPrivado(host)).toBe(privado);
  });
});
