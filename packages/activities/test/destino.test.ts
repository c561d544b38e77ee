import net from 'node:net';
import { DESTINO_NO_PERMITIDO } from '@dte/contract';
import { lookupPublico } from '../src/destino';

/**
 * The connection-time half of the destination policy: a name is refused when what it resolves to now is
 * private, whatever it resolved to when the destination was set (`localhost` here, as the system resolver
 * answers it everywhere; the API and the activities check a literal host before connecting).
 */
describe('lookupPublico', () => {
  it('refuses, at the connection, a name that resolves to a private address', async () => {
    const server = net.createServer((s) => s.end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    const conectar = (lookup?: net.LookupFunction) =>
      new Promise<string>((resolve) => {
        const socket = net.connect({ host: 'localhost', port, family: 4, ...(lookup ? { lookup } : {}) });
        socket.once('connect', () => {
          socket.destroy();
          resolve('conectado');
        });
        socket.once('error', (err: NodeJS.ErrnoException) => resolve(`${err.code}: ${err.message}`));
      });
    try {
      expect(await conectar()).toBe('conectado');
      expect(await conectar(lookupPublico('No permitido'))).toBe(`${DESTINO_NO_PERMITIDO}: No permitido`);
    } finally {
      server.close();
    }
  });
});
