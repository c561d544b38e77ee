'use strict';
/**
 * The books and F-07 annexes of a month of `count` documents (March 2024, a day's documents spread evenly
 * over its 31 days; one in four a CCF, the rest Facturas; one in 500 REJECTED), each a copy of a real
 * record stored as issuing would have stored it, then every book and annex asked of the running API over
 * HTTP, one at a time: its time, its size and the API's peak memory while it was written. A book is made a
 * day of documents at a time and written as it is made, so the API's memory should not grow with the month.
 */
const { seedList } = require('./lista');

const PERIODO = '2024-03';
const DIAS = 31;

/** GETs `ruta` and reads the answer to its end, counting its bytes. */
async function leer(api, token, ruta) {
  const t = process.hrtime.bigint();
  const res = await fetch(`${api}${ruta}`, { headers: { 'x-api-token': token } });
  if (res.status !== 200) throw new Error(`${ruta}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  let filas = 0;
  let primerByteMs = null;
  for await (const chunk of res.body) {
    primerByteMs ??= Number(process.hrtime.bigint() - t) / 1e6;
    bytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) filas++;
  }
  return { segundos: Number(process.hrtime.bigint() - t) / 1e9, primerByteMs, bytes, filas };
}

/**
 * Asks each route of `rutas` ({name: [route, expected rows?]}) one after the other, read to its end, sampled:
 * its time, first byte, size, and the API's peak RSS and CPU and the database's CPU while it was answered.
 */
async function medirRutas({ api, token, rutas, count, log, sampled, etiqueta }) {
  const resultados = [];
  for (const [nombre, [ruta, filas]] of Object.entries(rutas)) {
    const { value, resources } = await sampled({}, () => leer(api, token, ruta));
    const r = {
      nombre,
      documentos: count,
      segundos: Math.round(value.segundos * 10) / 10,
      documentosPorSegundo: Math.round(count / value.segundos),
      primerByteMs: Math.round(value.primerByteMs),
      megabytes: Math.round(value.bytes / 1e4) / 100,
      apiPeakRssMb: resources.groups.api?.peakRssMb ?? null,
      apiCpuSeconds: resources.groups.api?.cpuSeconds ?? null,
      databaseCpuSeconds: resources.groups.database?.cpuSeconds ?? null,
      ...(filas === undefined ? {} : { filas: value.filas, filasEsperadas: filas }),
    };
    if (filas !== undefined && value.filas !== filas)
      log(`${etiqueta}: ${nombre}: ${value.filas} rows, expected ${filas}`);
    log(
      `${etiqueta}: ${nombre}: ${r.segundos} s (${r.documentosPorSegundo} documents/s), first byte ${r.primerByteMs} ms, ` +
        `${r.megabytes} MB, API peak RSS ${r.apiPeakRssMb} MB`,
    );
    resultados.push(r);
  }
  return resultados;
}

async function benchLibros({ db, api, tenant, plantillas, count, log, sampled }) {
  const porDia = Math.ceil(count / DIAS);
  const fecha = (k) => `${PERIODO}-${String(1 + Math.min(DIAS - 1, Math.floor((k - 1) / porDia))).padStart(2, '0')}`;
  const seedSeconds = await seedList(db, tenant.emisorId, count, log, {
    plantilla: (k) => (k % 4 === 0 ? plantillas.ccf : plantillas.fe),
    fecha,
  });
  log(`libros: ${count} documents of ${PERIODO} stored in ${seedSeconds.toFixed(0)} s`);
  const q = `periodo=${PERIODO}`;
  // What the files must hold: a row per sealed CCF, and one per day for the Facturas.
  let ccf = 0;
  for (let k = 1; k <= count; k++) if (k % 4 === 0 && k % 500 !== 0) ccf++;
  const rutas = {
    'libro ventas-contribuyentes (JSON)': [`/libros/ventas-contribuyentes?${q}`],
    'libro ventas-contribuyentes (XLSX)': [`/libros/ventas-contribuyentes?${q}&formato=xlsx`],
    'libro ventas-consumidor (JSON)': [`/libros/ventas-consumidor?${q}`],
    'débito fiscal (JSON)': [`/libros/debito-fiscal?${q}`],
    'anexo ventas-contribuyentes (CSV)': [`/anexos/f07/ventas-contribuyentes?${q}&formato=csv&tipoIngreso=2`, ccf],
    'anexo ventas-consumidor-final (CSV)': [`/anexos/f07/ventas-consumidor-final?${q}&formato=csv&tipoIngreso=2`, DIAS],
  };
  const resultados = await medirRutas({ api, token: tenant.token, rutas, count, log, sampled, etiqueta: 'libros' });
  return { periodo: PERIODO, count, seedSeconds, resultados };
}

module.exports = { benchLibros, medirRutas };
