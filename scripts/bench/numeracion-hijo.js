'use strict';
/**
 * One process of the numbering benchmark (scripts/bench/numeracion.js): takes `count` numbers of one
 * series, each for an owner of its own, as a worker takes correlativos, and prints what it cost.
 *   node numeracion-hijo.js <mongodb uri> <series> <takeOwned|takeNext> <count>
 * `takeNext` with an owner is how correlativos were taken before `takeOwned` (a claim, then its owner).
 */
const path = require('node:path');
const { randomUUID } = require('node:crypto');
const mongoose = require('mongoose');

const ROOT = path.resolve(__dirname, '../..');
const store = require(path.join(ROOT, 'packages/store'));

const [uri, serie, metodo, count] = process.argv.slice(2);

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
  // Every process starts together, as the replicas of a burst do.
  const salida = new Promise((resolve) => process.once('message', resolve));
  process.send({ listo: true });
  await salida;
  const inicio = process.hrtime.bigint();
  for (let i = 0; i < Number(count); i++) await store[metodo](connection, serie, randomUUID());
  const ms = Number(process.hrtime.bigint() - inicio) / 1e6;
  process.send({ ms, ...comandos });
  await connection.close();
}

main().catch((err) => {
  process.stderr.write(`${err.stack}\n`);
  process.exit(1);
});
