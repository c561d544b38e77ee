'use strict';
/**
 * The cost of taking a number (a correlativo) on one hot series when 1, 2, 4 and 8 processes take them
 * at once, as worker replicas issuing for one point of sale do: each process takes its share of the
 * numbers one after the other, each for an owner of its own. Reported per number: the wall time of the
 * whole run, the database commands, the inserts refused because another process had the number, and the
 * database's CPU. `takeNext` (a claim, then an insert naming its owner) is how correlativos were taken
 * before `takeOwned` (one insert naming its owner); `secuenciador` is `takeOwned` until a process loses a
 * race, then the series' numbering workflow on the stack's worker, whose database commands are counted
 * from the worker's metrics and added to the processes'.
 */
const path = require('node:path');
const { fork } = require('node:child_process');
const { randomInt } = require('node:crypto');
const { dbOperations } = require('./db-operations');

const HIJO = path.join(__dirname, 'numeracion-hijo.js');
const PROCESOS = [1, 2, 4, 8];
const METODOS = ['takeNext', 'takeOwned', 'secuenciador'];

function recibir(hijo, predicado) {
  return new Promise((resolve, reject) => {
    const alMensaje = (m) => predicado(m) && (hijo.off('message', alMensaje), resolve(m));
    hijo.on('message', alMensaje);
    hijo.once('exit', (code) => code && reject(new Error(`a numbering process exited with ${code}`)));
  });
}

/** The worker's database commands so far (all of them: nothing else runs during a numbering run). */
async function delWorker(workerMetrics) {
  if (!workerMetrics) return 0;
  const { worker } = await dbOperations({ worker: workerMetrics });
  return Object.values(worker).reduce((n, v) => n + v, 0);
}

async function unaCorrida({ db, stack, metodo, procesos, numeros, sampled }) {
  // A correlativo series, as the numbering workflow admits, of its own per run.
  const serie = `correlativo:${randomInt(1e9, 9e9)}${procesos}`;
  const cada = Math.ceil(numeros / procesos);
  const temporal = [stack.env.TEMPORAL_ADDRESS, stack.env.TEMPORAL_TASK_QUEUE || 'dte'];
  const args = [stack.env.MONGODB_URI, serie, metodo, String(cada), ...temporal];
  const hijos = Array.from({ length: procesos }, () => fork(HIJO, args));
  await Promise.all(hijos.map((h) => recibir(h, (m) => m.listo)));
  const delWorkerAntes = await delWorker(stack.workerMetrics);
  const { value, resources } = await sampled({}, async () => {
    const inicio = Date.now();
    const finales = Promise.all(hijos.map((h) => recibir(h, (m) => m.ms !== undefined)));
    for (const h of hijos) h.send('ya');
    const partes = await finales;
    return { ms: Date.now() - inicio, partes };
  });
  await Promise.all(
    hijos.map((h) => new Promise((resolve) => (h.exitCode !== null ? resolve() : h.once('exit', resolve)))),
  );
  const total = cada * procesos;
  const suma = (campo) => value.partes.reduce((n, p) => n + p[campo], 0);
  const comandosDelWorker = (await delWorker(stack.workerMetrics)) - delWorkerAntes;
  // What takeOwned handed out must be 1..total, one per owner; takeNext's claims are read the same way.
  const tomados =
    metodo !== 'takeNext'
      ? (await db.connection.collection('numeros').find({ serie }).toArray()).map((d) => d.n)
      : (
          await db.connection
            .collection('claims')
            .find({ _id: { $regex: `^${serie}:\\d+$` } })
            .toArray()
        ).map((d) => Number(d._id.slice(serie.length + 1)));
  const sinHuecos = tomados.sort((a, b) => a - b).every((n, i) => n === i + 1) && tomados.length === total;
  const porNumero = (x) => Number((x / total).toFixed(2));
  return {
    metodo,
    procesos,
    numeros: total,
    sinHuecos,
    msPorNumero: porNumero(value.ms),
    numerosPorSegundo: Number(((total * 1000) / value.ms).toFixed(1)),
    comandosPorNumero: porNumero(suma('total') + comandosDelWorker),
    insertsFallidosPorNumero: porNumero(suma('insertsFallidos')),
    // A number a process did not insert itself came from the numbering workflow, one update each.
    actualizacionesPorNumero:
      metodo === 'secuenciador' ? porNumero(total - (suma('inserts') - suma('insertsFallidos'))) : 0,
    cpuBaseDeDatosMsPorNumero: porNumero((resources.groups.database?.cpuSeconds ?? 0) * 1000),
  };
}

/** Every method at every process count, `numeros` numbers each; a row per run. */
async function benchNumeracion({ db, stack, numeros, log, sampled }) {
  const filas = [];
  for (const metodo of METODOS) {
    for (const procesos of PROCESOS) {
      const fila = await unaCorrida({ db, stack, metodo, procesos, numeros, sampled });
      log(`numeracion ${JSON.stringify(fila)}`);
      filas.push(fila);
    }
  }
  return filas;
}

module.exports = { benchNumeracion };
