import { randomInt } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import axios from 'axios';
import mongoose, { type Connection } from 'mongoose';
import { createSimulatorApp, type Simulator } from '../../apps/mh-simulator/src';
import { keepIdleConnections } from '@dte/config';
import { generateCertificadoMH, parseCertificadoMH, signDte } from '@dte/domain';
import { autenticar, nuevoNit } from './cliente';
import { factura, uuid } from './documentos';
import { eventually } from '../support/eventually';
import { stack } from '../support/stack';

/**
 * Two simulator instances, one after the other, on one database of the stack's MongoDB-wire DB (its own
 * database, so the shared simulator is untouched): what the first accepted, the second still knows.
 */
const dbName = `mh-sim-restart-${randomInt(1e9)}`;
const abiertas: { connection: Connection; server: Server; simulator: Simulator }[] = [];

async function arrancar(controlEnabled = true) {
  const connection = await mongoose.createConnection((await Promise.resolve(stack())).database, { dbName }).asPromise();
  const simulator = await createSimulatorApp({ connection, tokenTtlSeconds: 172800, controlEnabled });
  const server = await new Promise<Server>((resolve) => {
    // As the stack's simulator (apps/mh-simulator/src/main.ts): the client closes an idle socket first.
    const s = keepIdleConnections(simulator.app.listen(0, '127.0.0.1', () => resolve(s)));
  });
  const instancia = { connection, server, simulator };
  abiertas.push(instancia);
  const api = axios.create({
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    validateStatus: () => true,
  });
  return { api, detener: () => detener(instancia) };
}

async function detener({ connection, server, simulator }: (typeof abiertas)[number]) {
  simulator.stop();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await connection.close();
  abiertas.splice(
    abiertas.findIndex((i) => i.server === server),
    1,
  );
}

afterAll(async () => {
  for (const instancia of [...abiertas]) await detener(instancia);
  const connection = await mongoose.createConnection((await Promise.resolve(stack())).database, { dbName }).asPromise();
  await connection.dropDatabase();
  await connection.close();
});

it('keeps emisores, tokens, documents and pending lotes across a restart', async () => {
  const primero = await arrancar();
  const nit = nuevoNit();
  const password = 'Clave-Api#2026';
  const { xml } = generateCertificadoMH({ nit, privatePassword: 'privada' });
  const cert = parseCertificadoMH(xml);
  expect((await primero.api.post('/__sim/emisores', { nit, password, certificado: xml })).status).toBe(201);
  const token = await autenticar(primero.api, nit, password);
  const headers = { Authorization: token };

  const documento = factura(nit);
  const { ambiente, version, tipoDte, codigoGeneracion } = documento.identificacion;
  const body = {
    ambiente,
    idEnvio: 1,
    version,
    tipoDte,
    documento: signDte(documento, cert.privateKeyDer),
    codigoGeneracion,
  };
  const recibido = await primero.api.post('/fesv/recepciondte', body, { headers });
  expect(recibido.data.estado).toBe('PROCESADO');

  await primero.api.post('/__sim/lotes', { emisor: nit, delayMs: 1500 });
  const enLote = factura(nit);
  const lote = await primero.api.post(
    '/fesv/recepcionlote/',
    { ambiente: '00', idEnvio: uuid(), version: 1, nitEmisor: nit, documentos: [signDte(enLote, cert.privateKeyDer)] },
    { headers },
  );
  expect(lote.data.estado).toBe('RECIBIDO');
  await primero.detener();

  const segundo = await arrancar();
  const consulta = await segundo.api.post(
    '/fesv/recepcion/consultadte/',
    { nitEmisor: nit, tdte: '01', codigoGeneracion },
    { headers },
  );
  expect(consulta.status).toBe(200);
  expect(consulta.data).toEqual(recibido.data);
  expect((await segundo.api.post('/fesv/recepciondte', body, { headers })).data.codigoMsg).toBe('004');

  const resultado = await eventually('the lote processed by the restarted simulator', async () => {
    const { data } = await segundo.api.get(`/fesv/recepcion/consultadtelote/${lote.data.codigoLote}`, { headers });
    return data.procesados.length > 0 && (data as { procesados: unknown[] });
  });
  expect(resultado.procesados).toEqual([
    expect.objectContaining({ codigoGeneracion: enLote.identificacion.codigoGeneracion, estado: 'PROCESADO' }),
  ]);
});

it('hides the control API (404) and ignores stored control settings when MH_SIM_CONTROL_ENABLED is off', async () => {
  const conControl = await arrancar(true);
  expect((await conControl.api.post('/__sim/outage', { mode: '503' })).status).toBe(200);
  expect((await conControl.api.post('/seguridad/auth', 'user=x&pwd=y')).status).toBe(503);
  await conControl.detener();

  const sinControl = await arrancar(false);
  expect((await sinControl.api.post('/__sim/outage', { mode: 'none' })).status).toBe(404);
  expect((await sinControl.api.post('/seguridad/auth', 'user=x&pwd=y')).data).toMatchObject({ status: 'ERROR' });
});
