'use strict';
/**
 * One process of the numbering benchmark (scripts/bench/numeracion.js): takes `count` numbers of one
 * series, each for an owner of its own, as a worker takes correlativos, and prints what it cost.
 *   node numeracion-hijo.js <mongodb uri> <series> <takeOwned|takeNext|secuenciador> <count> [temporal address] [task queue]
 * `takeNext` with an owner is how correlativos were taken before `takeOwned` (a claim, then its owner);
 * `secuenciador` is how a worker takes them now: `takeOwned` until it loses a race, then the series'
 * numbering workflow (on the stack's worker, at the Temporal address and queue given).
 */
const path = require('node:path');
const { randomUUID } = require('node:crypto');
const mongoose = require('mongoose');

const ROOT = path.resolve(__dirname, '../..');
const store = require(path.join(ROOT, 'packages/store'));

const [uri, serie, metodo, count, temporal, taskQueue] = process.argv.slice(2);

/** The taking function of `metodo`, and what closes what it opened. */
async function tomador(connection) {
  if (metodo !== 'secuenciador') return { tomar: (dueno) => store[metodo](connection, serie, dueno), cerrar() {} };
  const { Client, Connection } = require('@temporalio/client');
  const { Secuenciador } = require(path.join(ROOT, 'packages/activities'));
  const { DteWorkflowClient } = require(path.join(ROOT, 'packages/contract/dist/client'));
  const conexion = await Connection.connect({ address: temporal });
  const secuenciador = new Secuenciador(
    new DteWorkflowClient(new Client({ connection: conexion }).workflow),
    taskQueue,
  );
  return {
    tomar: (dueno) => secuenciador.tomar(connection, serie, dueno),
    cerrar: () => conexion.close(),
  };
}

async function main() {
  const connection = mongoose.createConnection(uri, { monitorCommands: true, maxPoolSize: 4 });
  await connection.asPromise();
  const comandos = { total: 0, inserts: 0, insertsFallidos: 0 };
  connection.getClient().on('commandSucceeded', (e) => {
    comandos.total++;
    if (e.commandName !== 'insert') return;
    comandos.inserts++;
    if (e.reply?.writeErrors?.length) comandos.insertsFallidos++;
  });
  connection.getClient().on('commandFailed', () => comandos.total++);
  const { tomar, cerrar } = await tomador(connection);
  // Every process starts together, as the replicas of a burst do.
  const salida = new Promise((resolve) => process.once('message', resolve));
  process.send({ listo: true });
  await salida;
  const inicio = process.hrtime.bigint();
  // Owners are codigoGeneracion, as the numbering workflow admits.
  for (let i = 0; i < Number(count); i++) await tomar(randomUUID().toUpperCase());
  const ms = Number(process.hrtime.bigint() - inicio) / 1e6;
  process.send({ ms, ...comandos });
  await cerrar();
  await connection.close();
}

main().catch((err) => {
  process.stderr.write(`${err.stack}\n`);
  process.exit(1);
});
