'use strict';
/**
 * The libro de compras and the purchase annexes of a month of `count` received documents (March 2024): each
 * a copy of a real CCF's Archivo DTE, recorded as receiving records it (`Compras`: the record, its entries on
 * the emisor's and the period's lists, the period's with what the books read, the numbering claims), one in
 * eight invalidated by its supplier (INVALIDADO_EN_MH), half classified for Renta. Then the book and annexes
 * are asked of the running API over HTTP, one at a time, and read to their end: the time, the size and the
 * API's peak memory while they were written. The received documents are read a batch of the period's entries
 * at a time, so the API's memory should not grow with the month.
 */
const path = require('node:path');
const { randomUUID } = require('node:crypto');
const { medirRutas } = require('./libros');

const ROOT = path.resolve(__dirname, '../..');
const PERIODO = '2024-03';
const BATCH = 1000;
const CLASIFICACION = { tipoOperacion: 1, clasificacion: 2, sector: 2, tipoCostoGasto: 2 };

/** Stores `count` received documents of `emisorId` as `Compras.registrar` and a verification would have. */
async function seedCompras(db, emisorId, count, ccf, log) {
  const { entradaDelPeriodo } = require(path.join(ROOT, 'packages/store'));
  const c = db.connection;
  const [entradas, claims, hints] = ['compras_lista', 'claims', 'claim_hints'].map((n) => c.collection(n));
  const series = [`compras:${emisorId}`, `compras:${emisorId}:${PERIODO}`];
  const started = Date.now();
  for (let n = 1; n <= count; n += BATCH) {
    const size = Math.min(BATCH, count - n + 1);
    const records = [];
    const entries = [];
    const claimed = [];
    for (let k = n; k < n + size; k++) {
      const codigoGeneracion = randomUUID().toUpperCase();
      const fecEmi = `${PERIODO}-${String(1 + (k % 31)).padStart(2, '0')}`;
      const dteJson = {
        ...ccf.dteJson,
        identificacion: { ...ccf.dteJson.identificacion, codigoGeneracion, fecEmi },
        selloRecibido: ccf.selloRecibido,
      };
      const estado = k % 8 === 0 ? 'INVALIDADO_EN_MH' : 'VERIFICADO';
      const record = {
        _id: `compra:${emisorId}:${codigoGeneracion}`,
        emisorId,
        codigoGeneracion,
        tipoDte: '03',
        version: dteJson.identificacion.version,
        numeroControl: `DTE-03-S001P001-${String(k).padStart(15, '0')}`,
        fecEmi,
        periodo: PERIODO,
        proveedor: { nit: ccf.dteJson.emisor.nit, nrc: ccf.dteJson.emisor.nrc, nombre: ccf.dteJson.emisor.nombre },
        dteJson,
        selloRecibido: ccf.selloRecibido,
        estado,
        motivos: [],
        origen: 'API',
        jsonKey: `bench/${codigoGeneracion}.json`,
        recibidoEn: new Date(),
        verificadoEn: new Date(),
        clasificacion: k % 2 === 0 ? CLASIFICACION : null,
        listaN: k,
        periodoN: k,
        registradoPor: 'bench',
      };
      records.push(record);
      entries.push({ _id: `${series[0]}:${k}`, codigoGeneracion }, entradaDelPeriodo(record));
      for (const serie of series) claimed.push({ _id: `${serie}:${k}` });
    }
    await Promise.all([
      db.models.Compra.insertMany(records, { ordered: false }),
      entradas.insertMany(entries, { ordered: false }),
      claims.insertMany(claimed, { ordered: false }),
    ]);
    if ((n - 1) % 5000 === 0) log(`compras: seeded ${n - 1 + size}/${count}`);
  }
  for (const serie of series) await hints.updateOne({ _id: serie }, { $max: { n: count } }, { upsert: true });
  return (Date.now() - started) / 1000;
}

async function benchCompras({ db, api, tenant, ccf, count, log, sampled }) {
  const seedSeconds = await seedCompras(db, tenant.emisorId, count, ccf, log);
  log(`compras: ${count} received documents of ${PERIODO} stored in ${seedSeconds.toFixed(0)} s`);
  const q = `periodo=${PERIODO}`;
  const defecto = 'tipoOperacion=1&clasificacion=1&sector=2&tipoCostoGasto=5';
  // A row per verified CCF: all but one in eight.
  const verificados = count - Math.floor(count / 8);
  const rutas = {
    'libro compras (JSON)': [`/libros/compras?${q}`],
    'libro compras (XLSX)': [`/libros/compras?${q}&formato=xlsx`],
    'anexo 3 compras (CSV)': [`/anexos/f07/compras?${q}&formato=csv&${defecto}`, verificados],
    'anexo 7 retenciones-recibidas (CSV)': [`/anexos/f07/retenciones-recibidas?${q}&formato=csv`, 0],
    'anexo 8 percepciones-recibidas (CSV)': [`/anexos/f07/percepciones-recibidas?${q}&formato=csv`, 0],
  };
  const resultados = await medirRutas({ api, token: tenant.token, rutas, count, log, sampled, etiqueta: 'compras' });
  return { periodo: PERIODO, count, seedSeconds, resultados };
}

module.exports = { benchCompras };
