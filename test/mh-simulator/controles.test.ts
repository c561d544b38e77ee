import { randomInt, randomUUID } from 'node:crypto';
import mongoose, { type Connection } from 'mongoose';
import { Controles } from '../../apps/mh-simulator/src/control/estado';
import { openStore, type Store } from '../../apps/mh-simulator/src/store';
import { nuevoNit } from './cliente';
import { stack } from '../support/stack';

/**
 * The simulator's test controls as a reception reads them: from the database once, then from memory until
 * a control write says they changed (the control API says so after each write; its suites check that a
 * write takes effect on the next request). On a database of its own, so the shared simulator is untouched.
 */
const dbName = `mh-sim-controles-${randomInt(1e9)}`;
let connection: Connection;
let store: Store;

beforeAll(async () => {
  connection = await mongoose.createConnection(stack().database, { dbName }).asPromise();
  store = await openStore(connection);
});

afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
});

afterEach(() => jest.restoreAllMocks());

it('reads the settings once and keeps them until told they changed', async () => {
  const nit = nuevoNit();
  const controles = new Controles(store, true);
  const lecturas = jest.spyOn(store.control, 'deScopes');
  expect(await controles.para(nit)).toMatchObject({ outage: 'none', latencyMs: 0 });
  expect(await controles.ahora(nit)).toBeInstanceOf(Date);
  expect(lecturas).toHaveBeenCalledTimes(1);

  await store.control.ajustar(nit, { outage: '503' });
  // Until told, what was read stands: the control API tells it as soon as its write is stored.
  expect((await controles.para(nit)).outage).toBe('none');
  controles.cambiaron();
  expect((await controles.para(nit)).outage).toBe('503');
  expect(lecturas).toHaveBeenCalledTimes(2);
});

it('looks for forced rejections once while none is stored, and consumes one planted since at once', async () => {
  const nit = nuevoNit();
  const controles = new Controles(store, true);
  const porCodigo = jest.spyOn(store.rechazosPorCodigo, 'porCodigo');
  const hay = jest.spyOn(store.rechazosPorCodigo, 'hay');
  expect(await controles.rechazoForzado(nit, randomUUID().toUpperCase())).toBeUndefined();
  expect(await controles.rechazoForzado(nit, randomUUID().toUpperCase())).toBeUndefined();
  expect(hay).toHaveBeenCalledTimes(1);
  // No document was looked up by its codigoGeneracion.
  expect(porCodigo).not.toHaveBeenCalled();

  const codigoGeneracion = randomUUID().toUpperCase();
  const rechazo = { codigoMsg: '020', clasificaMsg: '11', descripcionMsg: 'Rechazo forzado' };
  await store.rechazosPorCodigo.fijar({ codigoGeneracion, ...rechazo, veces: 1 });
  controles.cambiaron();
  expect(await controles.rechazoForzado(nit, codigoGeneracion)).toMatchObject(rechazo);
  // Its one time is spent: the same document is accepted now.
  expect(await controles.rechazoForzado(nit, codigoGeneracion)).toBeUndefined();
});

it('reads nothing with the control API off', async () => {
  const controles = new Controles(store, false);
  const lecturas = jest.spyOn(store.control, 'deScopes');
  expect(await controles.para(nuevoNit())).toMatchObject({ outage: 'none' });
  expect(await controles.rechazoForzado(nuevoNit(), null)).toBeUndefined();
  expect(lecturas).not.toHaveBeenCalled();
});
