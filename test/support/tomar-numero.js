'use strict';
/**
 * A process that takes one number of a series for an owner (`takeOwned`, as a correlativo is taken) and,
 * if asked, kills itself (SIGKILL) at the K-th database command it starts or sees answered: a worker
 * dying at that instant. Prints `{"n": …, "comandos": […]}` when it lives to the end.
 *   node tomar-numero.js <mongodb uri> <series> <owner> [commandStarted|commandSucceeded <K>]
 * With `secuenciador <temporal address> <task queue>`, it takes the number as a worker does (`Secuenciador`:
 * the series' numbering workflow once it loses a race) and kills itself when the workflow's answer to its
 * request has come back, before it can use it.
 */
const mongoose = require('mongoose');
const { Client, Connection } = require('@temporalio/client');
const { takeOwned } = require('../../packages/store/dist');
const { Secuenciador } = require('../../packages/activities/dist');
const { DteWorkflowClient } = require('../../packages/contract/dist/client');

const [uri, serie, dueno, evento, k, taskQueue] = process.argv.slice(2);

/** A `Secuenciador` whose process dies as the answer of the numbering workflow reaches it. */
async function secuenciador(address) {
  const connection = await Connection.connect({ address });
  const muerte = {
    async startUpdateWithStart(input, next) {
      const respuesta = await next(input);
      process.kill(process.pid, 'SIGKILL');
      return respuesta;
    },
  };
  const client = new Client({ connection, interceptors: { workflow: [muerte] } });
  return new Secuenciador(new DteWorkflowClient(client.workflow), taskQueue);
}

async function main() {
  const connection = mongoose.createConnection(uri, { monitorCommands: true });
  await connection.asPromise();
  const comandos = [];
  connection.getClient().on('commandStarted', (e) => comandos.push(`${e.commandName} ${e.command[e.commandName]}`));
  if (evento === 'secuenciador') {
    await (await secuenciador(k)).tomar(connection, serie, dueno);
    throw new Error('the numbering workflow was not asked');
  }
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
