'use strict';
/**
 * The cost of taking a number (a correlativo) on one hot series when 1, 2, 4 and 8 processes take them
 * at once, as worker replicas issuing for one point of sale do: each process takes its share of the
 * numbers one after the other, each for an owner of its own. Reported per number: the wall time of the
 * whole run, the database commands, the inserts refused because another process had the number, and the
 * database's CPU. `takeNext` (a claim, then an insert naming its owner) is how correlativos were taken
 * before `takeOwned` (one insert naming its owner).
 */
const path = require('node:path');
const { fork } = require('node:child_process');
const { randomUUID } = require('node:crypto');

const HIJO = path.join(__dirname, 'numeracion-hijo.js');
const PROCESOS = [1, 2, 4, 8];
const METODOS = ['takeNext', 'takeOwned'];

function recibir(hijo, predicado) {
  return new Promise((resolve, reject) => {
    const alMensaje = (m) => predicado(m) && (hijo.off('message', alMensaje), resolve(m));
    hijo.on('message', alMensaje);
    hijo.once('exit', (code) => code && reject(new Error(`a numbering process exited with ${code}`)));
  });
}

async function unaCorrida({ db, uri, metodo, procesos, numeros, sampled }) {
  const serie = `bench-numeracion:${metodo}:${procesos}:${randomUUID()}`;
  const cada = Math.ceil(numeros / procesos);
  const hijos = Array.from({ length: procesos }, () => fork(HIJO, [uri, serie, metodo, String(cada)]));
  await Promise.all(hijos.map((h) => recibir(h, (m) => m.listo)));
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
  // What takeOwned handed out must be 1..total, one per owner; takeNext's claims are read the same way.
  const tomados =
    metodo === 'takeOwned'
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
    comandosPorNumero: porNumero(suma('total')),
    insertsFallidosPorNumero: porNumero(suma('insertsFallidos')),
    cpuBaseDeDatosMsPorNumero: porNumero((resources.groups.database?.cpuSeconds ?? 0) * 1000),
  };
}

/** Every method at every process count, `numeros` numbers each; a row per run. */
async function benchNumeracion({ db, uri, numeros, log, sampled }) {
  const filas = [];
  for (const metodo of METODOS) {
    for (const procesos of PROCESOS) {
      const fila = await unaCorrida({ db, uri, metodo, procesos, numeros, sampled });
      log(`numeracion ${JSON.stringify(fila)}`);
      filas.push(fila);
    }
  }
  return filas;
}

module.exports = { benchNumeracion };
