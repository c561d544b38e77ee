import { AxiosError } from 'axios';
import { retenidaEnMh } from '../support/mh';
import { envio, http, nuevoEmisor, type Emisor } from './cliente';
import { factura } from './documentos';

/**
 * Outages as the service's HTTP client meets them (axios with a timeout, like MH's 8 s rule). Each
 * setting is scoped to this file's emisor, so other suites keep a healthy MH meanwhile.
 */
let emisor: Emisor;
let vecino: Emisor;
beforeAll(async () => {
  [emisor, vecino] = await Promise.all([nuevoEmisor(), nuevoEmisor()]);
});
afterEach(async () => {
  await emisor.control('/outage', { mode: 'none' });
  await emisor.control('/latency', { ms: 0 });
});

async function transmitir(timeout: number) {
  const api = await http(timeout);
  const documento = factura(emisor.nit);
  const { ambiente, version, tipoDte, codigoGeneracion } = documento.identificacion;
  const body = { ambiente, idEnvio: 1, version, tipoDte, documento: emisor.firmar(documento), codigoGeneracion };
  return api.post('/fesv/recepciondte', body, { headers: { Authorization: emisor.token } });
}

async function falla(promesa: Promise<unknown>): Promise<AxiosError> {
  try {
    await promesa;
  } catch (error) {
    return error as AxiosError;
  }
  throw new Error('the request was expected to fail');
}

it('latency delays every answer', async () => {
  await emisor.control('/latency', { ms: 600 });
  const inicio = Date.now();
  expect((await transmitir(5000)).data.estado).toBe('PROCESADO');
  expect(Date.now() - inicio).toBeGreaterThanOrEqual(600);
});

it('"503" answers Service Unavailable', async () => {
  await emisor.control('/outage', { mode: '503' });
  const res = await transmitir(5000);
  expect(res.status).toBe(503);
  expect(res.data).toMatchObject({ status: 503, error: 'Service Unavailable' });
});

it('"refuse" drops the connection: the client gets no HTTP answer', async () => {
  await emisor.control('/outage', { mode: 'refuse' });
  const error = await falla(transmitir(5000));
  expect(error.response).toBeUndefined();
  expect(error.code).toBe('ECONNRESET');
});

it('"hang" never answers: the client times out', async () => {
  await emisor.control('/outage', { mode: 'hang' });
  const inicio = Date.now();
  const error = await falla(transmitir(1000));
  expect(error.code).toBe('ECONNABORTED');
  expect(Date.now() - inicio).toBeGreaterThanOrEqual(1000);
});

it('"hold" keeps each request waiting, unanswered, until another mode is set, which then applies to it', async () => {
  const retenidas = async () =>
    (await (await http()).get('/__sim/held', { params: { emisor: emisor.nit } })).data.data as string[];
  await emisor.control('/outage', { mode: 'hold' });
  // No client timeout: only the mode set next ends the wait.
  const respuesta = transmitir(0);
  expect(await retenidaEnMh(emisor.nit, '/fesv/recepciondte')).toEqual(['/fesv/recepciondte']);
  expect((await envio(vecino, factura(vecino.nit))).data.estado).toBe('PROCESADO');
  await emisor.control('/outage', { mode: 'none' });
  expect((await respuesta).data.estado).toBe('PROCESADO');
  expect(await retenidas()).toEqual([]);

  await emisor.control('/outage', { mode: 'hold' });
  const cortada = falla(transmitir(0));
  expect(await retenidaEnMh(emisor.nit, '/fesv/recepciondte')).toEqual(['/fesv/recepciondte']);
  await emisor.control('/outage', { mode: 'refuse' });
  expect((await cortada).code).toBe('ECONNRESET');
});

it('an outage with a ruta covers only the paths that start so', async () => {
  await emisor.control('/outage', { mode: '503', ruta: '/fesv/recepcion/' });
  expect((await transmitir(5000)).data.estado).toBe('PROCESADO');
  const consulta = await emisor.post('/fesv/recepcion/consultadte/', {});
  expect(consulta.status).toBe(503);
});

it('an outage of one emisor leaves the others served, and ends when set back to none', async () => {
  await emisor.control('/outage', { mode: '503' });
  expect((await envio(vecino, factura(vecino.nit))).data.estado).toBe('PROCESADO');
  await emisor.control('/outage', { mode: 'none' });
  expect((await transmitir(5000)).data.estado).toBe('PROCESADO');
});

it('the outage also covers authentication', async () => {
  await emisor.control('/outage', { mode: '503' });
  const api = await http(5000);
  const res = await api.post(
    '/seguridad/auth',
    new URLSearchParams({ user: emisor.nit, pwd: emisor.password }).toString(),
  );
  expect(res.status).toBe(503);
});

describe('forced rejections', () => {
  it('rejects the next N documents with the given code, then validates again', async () => {
    await emisor.control('/reject', { next: 2, codigoMsg: '099', clasificaMsg: '99' });
    for (let i = 0; i < 2; i++) {
      const res = await envio(emisor, factura(emisor.nit));
      expect(res.status).toBe(400);
      expect(res.data).toMatchObject({
        estado: 'RECHAZADO',
        clasificaMsg: '99',
        codigoMsg: '099',
        descripcionMsg: 'ERROR NO CATALOGADO',
      });
    }
    expect((await envio(emisor, factura(emisor.nit))).data.estado).toBe('PROCESADO');
  });

  it('rejects one codigoGeneracion a given number of times', async () => {
    const documento = factura(emisor.nit);
    const codigoGeneracion = documento.identificacion.codigoGeneracion;
    await emisor.control('/reject', { codigoGeneracion, veces: 1, codigoMsg: '022', clasificaMsg: '20' });
    expect((await envio(emisor, documento)).data).toMatchObject({
      codigoMsg: '022',
      descripcionMsg: '[firma] SERVICIO DE VALIDACION DE FIRMA NO DISPONIBLE',
    });
    expect((await envio(emisor, documento)).data.estado).toBe('PROCESADO');
  });

  it('validates control requests', async () => {
    const res = await emisor.control('/reject', { codigoMsg: '4' });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ status: 'error', code: 'VALIDATION_ERROR' });
  });
});
