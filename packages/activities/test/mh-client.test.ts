import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MhAuthError, MhClient, type MhCallRecord } from '../src/mh/mh-client';

/** What MhClient reports of each call to the metrics, against a stand-in MH on loopback. */
describe('MhClient call records', () => {
  let server: Server;
  let baseUrl: string;
  const calls: MhCallRecord[] = [];
  const creds = { nit: '06141804941035', password: 'Secreto-123456' };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const send = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.url === '/seguridad/auth') {
        let form = '';
        req.on('data', (c: Buffer) => (form += c.toString()));
        req.on('end', () =>
          new URLSearchParams(form).get('pwd') === creds.password
            ? send(200, { status: 'OK', body: { token: 'Bearer x' } })
            : send(401, { status: 'ERROR', message: 'Usuario no válido' }),
        );
        return;
      }
      if (req.url === '/fesv/recepciondte') return send(200, { estado: 'PROCESADO', codigoMsg: '001' });
      if (req.url === '/fesv/recepcion/consultadte/') return send(400, { estado: 'RECHAZADO', codigoMsg: '020' });
      if (req.url?.startsWith('/fesv/recepcion/consultadtelote/')) return send(200, { procesados: [] });
      send(503, {});
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => (calls.length = 0));

  const client = () => new MhClient(baseUrl, 2000, (call) => calls.push(call));

  it("labels each answer by endpoint, MH's estado and codigoMsg", async () => {
    const mh = client();
    await mh.post(creds, '/fesv/recepciondte', {});
    await mh.post(creds, '/fesv/recepcion/consultadte/', {});
    expect(calls).toEqual([
      { endpoint: '/fesv/recepciondte', result: 'PROCESADO', codigo: '001' },
      { endpoint: '/fesv/recepcion/consultadte', result: 'RECHAZADO', codigo: '020' },
    ]);
  });

  it('folds ids out of the endpoint, and says when there is no estado or no answer', async () => {
    const mh = client();
    await mh.get(creds, '/fesv/recepcion/consultadtelote/9F0B3A6C-1D2E-4F50-8A9B-0C1D2E3F4A5B');
    await mh.post(creds, '/fesv/contingencia', {});
    expect(calls).toEqual([
      { endpoint: '/fesv/recepcion/consultadtelote/:id', result: 'HTTP_200', codigo: '' },
      { endpoint: '/fesv/contingencia', result: 'UNANSWERED', codigo: '' },
    ]);
  });

  it('records a refused login before throwing', async () => {
    await expect(client().post({ ...creds, password: 'otra' }, '/fesv/recepciondte', {})).rejects.toThrow(MhAuthError);
    expect(calls).toEqual([{ endpoint: '/fesv/recepciondte', result: 'AUTH_REFUSED', codigo: '' }]);
  });
});

/**
 * A stand-in MH that closes a kept-alive connection as the next request arrives on it, as a server whose
 * idle time ran out just then: the client sees ECONNRESET, "socket hang up", before any answer.
 */
describe('MhClient on a kept-alive socket MH closed', () => {
  let server: Server;
  let baseUrl: string;
  const llegadas: { url: string; cortada: boolean }[] = [];
  const creds = { nit: '06141804941035', password: 'Secreto-123456' };

  beforeAll(async () => {
    const atendidas = new WeakSet<object>();
    server = createServer((req, res) => {
      const cortada = atendidas.has(req.socket);
      llegadas.push({ url: req.url!, cortada });
      if (cortada) return req.socket.destroy();
      atendidas.add(req.socket);
      req.resume().on('end', () => {
        const body =
          req.url === '/seguridad/auth' ? { status: 'OK', body: { token: 'Bearer x' } } : { estado: 'PROCESADO' };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => (llegadas.length = 0));

  it('sends a consulta again on a new connection, and gets its answer', async () => {
    // The login opens the connection; the consulta follows on it, which MH has closed.
    const res = await new MhClient(baseUrl, 2000).post(creds, '/fesv/recepcion/consultadte/', {});
    expect(res).toEqual({ answered: true, status: 200, body: { estado: 'PROCESADO' } });
    expect(llegadas).toEqual([
      { url: '/seguridad/auth', cortada: false },
      { url: '/fesv/recepcion/consultadte/', cortada: true },
      { url: '/fesv/recepcion/consultadte/', cortada: false },
    ]);
  });

  it('leaves a document it sent unanswered: sending it again is for MH’s rules to decide', async () => {
    const res = await new MhClient(baseUrl, 2000).post(creds, '/fesv/recepciondte', {});
    expect(res).toEqual({ answered: false, reason: expect.stringMatching(/^ECONNRESET: /) });
    expect(llegadas).toEqual([
      { url: '/seguridad/auth', cortada: false },
      { url: '/fesv/recepciondte', cortada: true },
    ]);
  });
});
