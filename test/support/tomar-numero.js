'use strict';
/**
 * A process that takes one number of a series for an owner (`takeOwned`, as a correlativo is taken) and,
 * if asked, kills itself (SIGKILL) at the K-th database command it starts or sees answered: a worker
 * dying at that instant. Prints `{"n": …, "comandos": […]}` when it lives to the end.
 *   node tomar-numero.js <mongodb uri> <series> <owner> [commandStarted|commandSucceeded <K>]
 */
const mongoose = require('mongoose');
const { takeOwned } = require('../../packages/store/dist');

const [uri, serie, dueno, evento, k] = process.argv.slice(2);

async function main() {
  const connection = mongoose.createConnection(uri, { monitorCommands: true });
  await connection.asPromise();
  const comandos = [];
  connection.getClient().on('commandStarted', (e) => comandos.push(`${e.commandName} ${e.command[e.commandName]}`));
  if (evento) {
    let vistos = 0;
    connection.getClient().on(evento, () => {
      if (++vistos === Number(k)) process.kill(process.pid, 'SIGKILL');
    });
  }
  const n = await takeOwned(connection, serie, dueno);
  process.stdout.write(`${JSON.stringify({ n, comandos })}\n`);
  await connection.close();
}

main().catch((err) => {
  process.stderr.write(`${err.stack}\n`);
  process.exit(1);
});
