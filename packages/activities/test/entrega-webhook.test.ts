import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { post } from '../src/webhooks/entrega';

/**
 * A receiver that closes a kept-alive connection as the next delivery arrives on it, as a server whose idle
 * time ran out just then: the delivery sees ECONNRESET, "socket hang up", before any answer.
 */
describe('a webhook delivery on a kept-alive socket the receiver closed', () => {
  let server: Server;
  let url: URL;
  const llegadas: { id: string; cortada: boolean }[] = [];

  beforeAll(async () => {
    const atendidas = new WeakSet<object>();
    server = createServer((req, res) => {
      const cortada = atendidas.has(req.socket);
      llegadas.push({ id: String(req.headers['webhook-id']), cortada });
      if (cortada) return req.socket.destroy();
      atendidas.add(req.socket);
      req.resume().on('end', () => res.writeHead(204).end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/eventos`);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('is sent once more on a new connection, and delivered', async () => {
    const enviar = (id: string) => post(url, { 'webhook-id': id }, '{}', 3000, true);
    expect(await enviar('msg_1')).toBe(204);
    // The first delivery's connection is kept for the next, which the receiver has closed.
    expect(await enviar('msg_2')).toBe(204);
    expect(llegadas).toEqual([
      { id: 'msg_1', cortada: false },
      { id: 'msg_2', cortada: true },
      { id: 'msg_2', cortada: false },
    ]);
  });
});
